import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 200)
y = 4 * x**2 + 4 * x + 2
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='blue', linewidth=1.5)
plt.xlim(-3.3, 3.3)
plt.ylim(-3.3, 3.3)
plt.xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.yticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.scatter([-0.5], [1], color='red', s=30, zorder=3)
plt.text(-0.5, 0.72, '(−0.5, 1)', fontsize=11, ha='center', va='top')
plt.title('Vertex at x = −b/(2a) = −4/8 = −0.5', fontsize=12)
plt.show()
