import numpy as np
import matplotlib.pyplot as plt

t = np.linspace(0, 10, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(t, 0.004 * t ** 3 + 0.008 * t ** 2 + 0.008 * t - 3, color='black', linewidth=1.5)
plt.xlim(0, 10)
plt.ylim(-7, 7)
plt.xticks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.yticks([-7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['bottom'].set_position(('data', 0))
plt.text(-1, -1, 'Velocity', fontsize=12, rotation=90)
plt.grid(True)
plt.show()
