import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 200)
y = -x**3 + 2 * x**2
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='blue', linewidth=1.5)
plt.xlim(-3.3, 3.3)
plt.ylim(-3.3, 3.3)
plt.xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.yticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.scatter([0, 4 / 3], [0, 32 / 27], color='red', s=30, zorder=3)
plt.text(0.15, -0.6, '(0.00, 0.00)', fontsize=11, ha='left', va='top')
plt.text(4 / 3, 1.55, '(1.33, 1.19)', fontsize=11, ha='center', va='center')
plt.title('The function is not monotonic', fontsize=12)
plt.show()
