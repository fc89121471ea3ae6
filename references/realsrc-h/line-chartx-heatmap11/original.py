import matplotlib.pyplot as plt

fields = ['Engineering', 'Chemistry', 'Biology', 'Physics', 'Computer Science', 'Mathematics']
areas = {
    'Research': ([20, 10, 15, 30, 25, 12], 'tab:blue'),
    'Education': ([30, 25, 15, 10, 20, 30], 'tab:orange'),
    'Industry': ([35, 30, 15, 20, 25, 28], 'tab:green'),
    'Government': ([15, 35, 25, 20, 30, 30], 'tab:red'),
}
x = range(len(fields))

plt.figure(figsize=(10, 5.5))
for name, (vals, color) in areas.items():
    plt.plot(x, vals, color=color, marker='o', linewidth=2, label=name)
plt.xticks(x, fields, fontsize=11)
plt.ylim(0, 40)
plt.ylabel('Involvement', fontsize=12)
plt.title('Scientific Fields and Their Involvement in Various Areas', fontsize=14)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1))
plt.grid(True, alpha=0.4)
plt.tight_layout()
plt.show()
