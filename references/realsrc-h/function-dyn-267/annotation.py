import numpy as np
import matplotlib.pyplot as plt

t = np.linspace(0, 10, 201)
v = 0.004 * t ** 3 + 0.008 * t ** 2 + 0.01 * t + 2

plt.figure(figsize=(6.4, 4.8))
plt.plot(t, v, color='black', linewidth=1.5)
plt.fill_between(t, v, 0, color='lightblue', alpha=0.5)
plt.text(5, 1.2, 'Δx = 33.2', ha='center', va='center', fontsize=12)
plt.xlim(0, 10)
plt.ylim(-7, 7)
plt.xticks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.yticks([-7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['bottom'].set_position(('data', 0))
plt.ylabel('Velocity', fontsize=12)
plt.grid(True)
plt.show()
