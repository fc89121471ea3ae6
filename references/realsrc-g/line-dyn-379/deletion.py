import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
city1 = [16, 21, 17, 24, 38, 30, 30, 20, 15, 17, 19, 20]
city2 = [17, 28, 39, 10, 38, 38, 36, 11, 25, 32, 34, 25]

plt.figure(figsize=(8, 5))
plt.plot(range(12), city1, label='City 1', color='blue', linewidth=1.5, marker='o', linestyle='--')
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(10, 41, 5), fontsize=13)
plt.ylim(8, 42)
plt.ylabel('Temperature', fontsize=16)
plt.title('Monthly Average Temperatures', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid(True)
plt.tight_layout()
plt.show()
