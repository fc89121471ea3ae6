import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2 * np.pi, 2 * np.pi, 200)
y = -2 * np.sin(3 * x + np.pi / 2) - 3
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='lawngreen', lw=1.5)
plt.xlim(-2 * np.pi * 1.1, 2 * np.pi * 1.1)
plt.ylim(-8 * 1.1, 8 * 1.1)
plt.xticks([-2 * np.pi, -3 * np.pi / 2, -np.pi, -np.pi / 2, np.pi / 2, np.pi, 3 * np.pi / 2, 2 * np.pi],
           [r'-$2\pi$', r'-$3\pi/2$', r'-$\pi$', r'-$\pi/2$', r'$\pi/2$', r'$\pi$', r'$3\pi/2$', r'$2\pi$'])
plt.yticks([-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.title('y = a * cos(b * x) + c', fontsize=16)
xm = [-2 * np.pi, -4 * np.pi / 3, -2 * np.pi / 3, 0, 2 * np.pi / 3, 4 * np.pi / 3, 2 * np.pi]
plt.plot(xm, [-5] * 7, 'o', color='red')
plt.text(2 * np.pi / 3, -5.6, '(2π/3, −5)', fontsize=11, ha='center', va='top')
plt.show()
