import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
rain = [105, 92, 139, 82, 136, 122, 72, 90, 58, 193, 159, 137]

plt.figure(figsize=(8, 5))
plt.plot(range(12), rain, color='blue', linewidth=1.5, marker='o', linestyle='--')
for i, v in enumerate(rain):
    plt.text(i, v + 2, str(v), ha='center', va='bottom', fontsize=11)
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(50, 211, 20), fontsize=13)
plt.ylim(50, 210)
plt.ylabel('Rainfall (mm)', fontsize=16)
plt.title('Monthly Rainfall Over a Year', fontsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
