import numpy as np
import matplotlib.pyplot as plt

t = np.linspace(2, 8, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(t, 6 - 6 * t / 5, color='black', linewidth=1.5)
plt.hlines(6 - 6 * 2 / 5, 0, 2, colors='black')
plt.hlines(6 - 6 * 8 / 5, 8, 10, colors='black')
plt.xlim(0, 10)
plt.ylim(-5.5, 5.5)
plt.xticks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.yticks([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['bottom'].set_position(('data', 0))
plt.text(-1, -1, 'Velocity', fontsize=12, rotation=90)
plt.text(5, -6, 'Time', fontsize=12)
plt.grid(True)
plt.show()
