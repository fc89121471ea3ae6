import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [29, 39, 23, 12, 12, 21, 17, 24, 16, 11, 29, 13]

plt.figure(figsize=(8, 5))
plt.plot(range(12), temps, color='red', linewidth=1.5, marker='o')
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(0, 41, 5), fontsize=13)
plt.ylim(0, 42)
plt.ylabel('Temperature', fontsize=16)
plt.title('Average temperature in Cape Town, South Africa', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
