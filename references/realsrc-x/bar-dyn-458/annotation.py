import matplotlib.pyplot as plt

categories = ['A', 'B', 'C', 'E', 'D']
values = [84, 80, 60, 55, 35]
cumulative = [100 * sum(values[:i + 1]) / sum(values) for i in range(len(values))]

fig, ax1 = plt.subplots(figsize=(6.4, 4.8))
ax2 = ax1.twinx()
ax1.bar(categories, values, color='C0')
ax2.plot(categories, cumulative, color='C1', marker='o', ms=5)
for i, c in enumerate(cumulative):
    ax2.text(i, c - 4, f'{c:.1f}%', fontsize=11, ha='center', va='top',
             bbox=dict(facecolor='white', edgecolor='none', pad=1))
ax1.set_xlabel('Category', fontsize=18)
ax1.set_ylabel('Value', fontsize=18)
ax2.set_ylabel('Cumulative Percentage', fontsize=18)
ax1.set_ylim(0, 88.2)
ax2.set_ylim(0, 100)
plt.title('Pareto Chart', fontsize=20)
ax1.tick_params(axis='x', which='major', labelsize=20)
ax1.tick_params(axis='y', which='major', labelsize=20)
ax2.tick_params(axis='y', which='major', labelsize=20)
fig.subplots_adjust(left=0.17, right=0.8, bottom=0.17, top=0.88)
plt.show()
