import numpy as np
import matplotlib.pyplot as plt

x1 = np.linspace(-10, 1, 200)
x2 = np.linspace(1, 10, 200)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x1, -x1 ** 2, color='blue', linewidth=2.5)
plt.plot(x2, -4 * x2 - 2, color='red', linewidth=2.5)
plt.xlim(-8, 8)
plt.ylim(-8, 8)
ticks = [-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8]
plt.xticks(ticks)
plt.yticks(ticks)
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.scatter(1, -1, color='white', edgecolor='black', zorder=3)
plt.scatter(1, -6, color='red', zorder=3)
plt.title('y = -x^2, x < 1\ny = -4x - 2, x >= 1', fontsize=14)
plt.grid()
plt.show()
