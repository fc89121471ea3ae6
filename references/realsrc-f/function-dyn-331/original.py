import matplotlib.pyplot as plt

t = [0, 8, 8, 10]
F = [6, 6, -10, -10]

plt.figure(figsize=(6.4, 4.8))
plt.plot(t, F, color='black', linewidth=2)
plt.axhline(0, color='black', linewidth=0.8)
plt.xlim(0, 10.5)
plt.ylim(-11, 11)
plt.xticks(range(0, 11))
plt.yticks(range(-10, 11, 2))
plt.xlabel('Time (s)')
plt.ylabel('Force (N)')
plt.grid(True, alpha=0.3)
plt.show()
