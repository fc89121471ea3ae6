import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
x = list(range(12))
temps = [0, 20, 36, 24, 28, 16, 8, 40, 44, 32, 12, 4]

plt.figure(figsize=(8, 5.5))
plt.plot(x, temps, color='orange', linestyle='-', linewidth=1.5, marker='o')
plt.xticks(range(12), months, fontsize=14)
plt.yticks(range(0, 45, 5), fontsize=14)
plt.xlim(-1, 12)
plt.ylim(-4, 50)
plt.ylabel('Temperature', fontsize=16)
plt.title('Average temperature in Cape Town, South Africa', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
