import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [39, 13, 4, 5, 33, 16, 14, 27, 6, 35, 17, 7]

plt.figure(figsize=(8, 5.5))
plt.plot(range(12), temps, color='blue', linewidth=1.5, marker='o', linestyle='dashed')
for i, t in enumerate(temps):
    plt.text(i, t + 1.2, str(t), ha='center', va='bottom', fontsize=14,
             bbox=dict(facecolor='white', edgecolor='none', pad=0.5))
plt.xticks(range(12), months)
plt.yticks(range(0, 46, 5))
plt.xlim(-0.6, 11.6)
plt.ylim(0, 45)
plt.ylabel('Temperature', fontsize=16)
plt.title('Average temperature in Cape Town', fontsize=16)
plt.tick_params(axis='y', which='major', labelsize=16)
plt.tick_params(axis='x', which='major', labelsize=15)
plt.grid(True)
plt.tight_layout()
plt.show()
