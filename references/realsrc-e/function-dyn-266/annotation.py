import matplotlib.pyplot as plt

t = [0, 2, 8, 10]
v = [30 / 7, 30 / 7, -6 / 7, -6 / 7]

plt.figure(figsize=(6, 4.5))
plt.plot(t, v, color='black', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.scatter([7], [0], color='red', zorder=3)
plt.annotate('(7, 0)', (7, 0), textcoords='offset points', xytext=(6, 6), ha='left', va='bottom')
plt.xlim(0, 10)
plt.ylim(-5.5, 5.5)
plt.xticks(range(0, 11))
plt.yticks(range(-5, 6))
plt.xlabel('Time')
plt.ylabel('Velocity')
plt.grid(True, alpha=0.3)
plt.show()
