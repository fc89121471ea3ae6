import numpy as np
import matplotlib.pyplot as plt

t = np.linspace(0, 10, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(t, 0.004 * t ** 3 + 0.008 * t ** 2 + 0.008 * t + 2, color='black', linewidth=1.5)
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
plt.scatter([0, 10], [2, 6.88], color='black', zorder=3, clip_on=False)
plt.text(0.25, 2.35, '(0, 2)', ha='left', va='bottom', fontsize=11)
plt.text(9.65, 6.88, '(10, 6.88)', ha='right', va='center', fontsize=11)
plt.title('v(t) = 0.004t³ + 0.008t² + 0.008t + 2')
plt.show()
