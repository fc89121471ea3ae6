import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [21, 36, 37, 25, 41, 19, 13, 31, 11, 15, 23, 35]

plt.figure(figsize=(7, 4.5))
plt.plot(months, temps, color='orange', marker='o', linestyle='--', linewidth=1.5)
for i, t in enumerate(temps):
    plt.text(i, t + 0.6, str(t), ha='center', va='bottom')
plt.ylim(0, 45)
plt.title('Average temperature in Cape Town')
plt.ylabel('Temperature')
plt.grid(True, alpha=0.3)
plt.tight_layout()
plt.show()
