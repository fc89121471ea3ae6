import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [29, 39, 23, 12, 12, 31, 17, 24, 16, 11, 29, 13]

plt.figure(figsize=(8, 5))
plt.plot(range(12), temps, color='red', linewidth=1.5, marker='o', label='Monthly')
avg = [30.3, 24.7, 15.7, 18.3, 20.0, 24.0, 19.0, 17.0, 18.7, 17.7]
plt.plot(range(1, 11), avg, color='blue', linewidth=1.5, linestyle='--', label='3-month average')
plt.legend(loc='upper right', fontsize=12)
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(0, 41, 5), fontsize=13)
plt.ylim(0, 42)
plt.ylabel('Temperature', fontsize=16)
plt.title('Average temperature in Cape Town, South Africa', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
