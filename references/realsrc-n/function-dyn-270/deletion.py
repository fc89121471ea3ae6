import matplotlib.pyplot as plt

plt.figure(figsize=(6.4, 4.8))
plt.plot([0, 8], [0, 1], color='black')
plt.xlim(0, 10)
plt.ylim(0, 10)
plt.xticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.yticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
plt.text(-1, 4.5, 'Force (N)', fontsize=12, rotation=90)
plt.text(4.5, -1.2, 'Time (s)', fontsize=12)
plt.grid(True)
plt.show()
