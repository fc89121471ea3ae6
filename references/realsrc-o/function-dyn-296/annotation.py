import numpy as np
import matplotlib.pyplot as plt

plt.figure(figsize=(6.4, 4.8))
plt.xlim(-3.3, 3.3)
plt.ylim(-3.3, 3.3)
plt.xticks([-3, -2, -1, 1, 2, 3])
plt.yticks([-3, -2, -1, 1, 2, 3])
x, y = np.meshgrid(np.arange(-3, 3, .5), np.arange(-3, 3, .5))
x2 = np.linspace(-3, 3, 100)
y2 = 2 * x2 ** 4 / 4 - 2
plt.plot(x2, y2, color='blue', linewidth=1)
u = 1
v = 2 * x ** 3
plt.quiver(x, y, u, v, headwidth=0, headlength=0, headaxislength=0, scale=60, facecolor='lightblue')
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.scatter([0], [-2], color='red', zorder=3)
plt.text(0.15, -2.15, '(0, -2)', ha='left', va='top', fontsize=11)
plt.title('dy/dx = 2x³, so a = 2')
plt.show()
