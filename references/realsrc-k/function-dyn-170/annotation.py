import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 400)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, -x ** 4 / 3, color='red', linewidth=2.5, label='f(x) = -x⁴/3')
plt.plot(x, -x ** 4 / 3, color='green', linewidth=2.5, label='g(x) = -x⁴/3')
plt.scatter([0], [0], color='black', zorder=3)
plt.text(0.2, 0.25, 'max (0, 0)', ha='left', va='bottom', fontsize=11)
plt.legend(loc='lower right')
plt.xlim(-6, 6)
plt.ylim(-6, 6)
plt.xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.yticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid(True)
plt.show()
