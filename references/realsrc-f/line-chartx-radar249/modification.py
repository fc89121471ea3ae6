import matplotlib.pyplot as plt

quarters = ['Q1', 'Q2', 'Q3', 'Q4']
series = {
    'Social Media': ([60, 65, 70, 95], 'tab:blue'),
    'Network Security': ([85, 90, 95, 100], 'tab:orange'),
    'Cloud Storage': ([75, 80, 85, 90], 'tab:green'),
    'Online Shopping': ([70, 75, 80, 85], 'tab:red'),
    'Artificial Intelligence': ([95, 100, 105, 110], 'tab:purple'),
}

plt.figure(figsize=(8.5, 4.8))
for name, (vals, color) in series.items():
    plt.plot(quarters, vals, marker='o', color=color, linewidth=1.5, label=name)
plt.ylim(50, 120)
plt.ylabel('Usage')
plt.title('Technology and Internet Usage in 2023')
plt.grid(True, alpha=0.3)
plt.legend(loc='center left', bbox_to_anchor=(1, 0.5))
plt.tight_layout()
plt.show()
