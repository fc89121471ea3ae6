import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 10, 400)
rx = np.linspace(1, 5, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, 0 * x + 1, color='blue', linewidth=1.5)
plt.plot(x, x ** (1 / 4), color='orange', linewidth=1.5)
plt.fill_between(rx, 0 * rx + 1, rx ** (1 / 4), color='lightgray')
plt.xlim(-5.5, 5.5)
plt.ylim(-5.5, 5.5)
plt.xticks([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])
plt.yticks([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.show()
