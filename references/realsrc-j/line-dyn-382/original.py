import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
prices = [360, 350, 500, 370, 120, 130, 450, 240, 230, 420, 110, 250]

plt.figure(figsize=(8, 5))
plt.plot(range(12), prices, color='green', linewidth=1.5, marker='o', linestyle='--')
for i, p in enumerate(prices):
    plt.text(i, p + 6, str(p), ha='center', va='bottom', fontsize=11)
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(0, 551, 50), fontsize=13)
plt.ylim(0, 550)
plt.ylabel('Stock Price', fontsize=16)
plt.title('Monthly Stock Prices Over a Year', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
