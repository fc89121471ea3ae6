import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
visitors = [2229, 3440, 3162, 4257, 4251, 4852, 3878, 1965, 4686, 3370, 4574, 3755]

plt.figure(figsize=(9, 5))
plt.plot(range(12), visitors, color='purple', linewidth=1.5, marker='o', linestyle='--', label='Visitors')
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(1000, 5001, 500), fontsize=13)
plt.ylim(1000, 5200)
plt.ylabel('Number of Visitors', fontsize=16)
plt.title('Monthly Website Visitors Over a Year', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
