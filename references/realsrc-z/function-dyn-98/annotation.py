import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2 * np.pi, 2 * np.pi, 200)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, np.cos(x ** 2), color='red', linewidth=1.5)
plt.scatter([0], [1], color='black', s=25, zorder=3)
plt.text(0.25, 1.2, '(0, 1)', fontsize=12, ha='left', va='bottom')
plt.title('y = cos(x²) is not periodic', fontsize=14)
plt.xlim(-2.2 * np.pi, 2.2 * np.pi)
plt.ylim(-3, 3)
plt.xticks([-2 * np.pi, -3 * np.pi / 2, -np.pi, -np.pi / 2, np.pi / 2, np.pi, 3 * np.pi / 2, 2 * np.pi],
           [r'$-2\pi$', r'$-3\pi/2$', r'$-\pi$', r'$-\pi/2$', r'$\pi/2$', r'$\pi$', r'$3\pi/2$', r'$2\pi$'])
plt.yticks([-3, -2, -1, 1, 2, 3])
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.show()
