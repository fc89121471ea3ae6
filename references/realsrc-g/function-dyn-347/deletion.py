import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 4001)
curves = [
    (1.6 * x, 'lightseagreen', 'y = 1.6x'),
    (x ** 5 - 2 * x ** 3, 'deeppink', 'y = x⁵ - 2x³'),
]

plt.figure(figsize=(6, 6))
for y, color, name in curves:
    plt.plot(x, y, color=color, linewidth=1.5)
plt.xlim(-6.6, 6.6)
plt.ylim(-6.6, 6.6)
plt.xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.yticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid(True)
plt.show()
