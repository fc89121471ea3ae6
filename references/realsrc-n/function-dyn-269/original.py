import matplotlib.pyplot as plt

plt.figure(figsize=(6.4, 4.8))
plt.plot([0, 8], [3, 3], color='black')
plt.plot([8, 10], [3, 0], color='black')
plt.xlim(0, 10)
plt.ylim(0, 10)
plt.xticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.yticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.text(-1, 3, 'acceleration (m/s^2)', fontsize=12, rotation=90)
plt.text(4.5, -1.2, 'Time (s)', fontsize=12)
plt.grid(True)
plt.show()
