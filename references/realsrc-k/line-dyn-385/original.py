import matplotlib.pyplot as plt

times = ['0', '10', '20', '30', '40', '50', '60', '70', '80', '90']
x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
rates = [127, 147, 107, 84, 75, 93, 144, 62, 106, 113]

plt.figure(figsize=(8, 5.5))
plt.plot(x, rates, color='red', linewidth=1.5, marker='o', linestyle='--')
for i, r in zip(x, rates):
    plt.text(i, r + 3, str(r), ha='center', va='bottom', fontsize=12, zorder=3,
             bbox=dict(facecolor='white', edgecolor='none', pad=0.5))
plt.xticks(range(10), times)
plt.yticks(range(60, 181, 20))
plt.ylim(55, 180)
plt.xlabel('Time (minutes)', fontsize=16)
plt.ylabel('Heart Rate (bpm)', fontsize=16)
plt.title('Heart Rate During Workout Session', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.grid(True)
plt.tight_layout()
plt.show()
