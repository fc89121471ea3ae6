import matplotlib.pyplot as plt

plt.figure(figsize=(6.4, 4.8))
plt.plot([0, 8], [0, 1], color='black', linewidth=1.5)
plt.xlim(0, 10)
plt.ylim(0, 10)
plt.xticks(range(11))
plt.yticks(range(11))
plt.xlabel('Time (s)', fontsize=12)
plt.ylabel('Force (N)', fontsize=12)
plt.grid(True)
plt.show()
