import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 400)
y = -0.5 * x ** 3 + x ** 2 - 0.3 * x + 0.7

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='salmon', linewidth=1.5)
plt.scatter([1], [0.9], color='black', zorder=3)
plt.text(1.8, 1.6, '(1, 0.9)', ha='center', va='bottom', fontsize=12)
plt.scatter([2.04], [0], color='red', zorder=3)
plt.text(2.5, 0.4, 'x ≈ 2.04', ha='left', va='bottom', fontsize=12, color='red')
plt.xlim(-11, 11)
plt.ylim(-11, 11)
plt.xticks([-10, -8, -6, -4, -2, 2, 4, 6, 8, 10])
plt.yticks([-10, -8, -6, -4, -2, 2, 4, 6, 8, 10])
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid(True)
plt.show()
