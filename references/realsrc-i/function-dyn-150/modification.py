import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 400)
y = -0.5 * x ** 3 + x ** 2 - 0.3 * x - 3.3

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='salmon', linewidth=1.5)
plt.scatter([1], [-3.1], color='black', zorder=3)
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
