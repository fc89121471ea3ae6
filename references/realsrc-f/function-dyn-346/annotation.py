import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2 * np.pi, 2 * np.pi, 801)

plt.figure(figsize=(7, 5))
plt.plot(x, -2 * np.cos(3 * x) - 3, color='lawngreen', linewidth=1.5)
plt.xticks([-2 * np.pi, -3 * np.pi / 2, -np.pi, -np.pi / 2, 0, np.pi / 2, np.pi, 3 * np.pi / 2, 2 * np.pi],
           [r'$-2\pi$', r'$-3\pi/2$', r'$-\pi$', r'$-\pi/2$', '0', r'$\pi/2$', r'$\pi$', r'$3\pi/2$', r'$2\pi$'])
plt.yticks(range(-8, 9, 2))
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-2.2 * np.pi, 2.2 * np.pi)
plt.ylim(-8.8, 8.8)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.title('y = -2cos(3x) - 3')
plt.axhline(-3, color='grey', linestyle=':', linewidth=1.5)
plt.scatter([0], [-5], color='red', zorder=3)
plt.annotate('(0, -5)', (0, -5), textcoords='offset points', xytext=(6, -8), ha='left', va='top')
plt.show()
