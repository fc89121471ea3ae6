import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3', 'Item 4']
values = {'Category 1': [7, 2, 10, 5], 'Category 2': [2, 4, 10, 9], 'Category 3': [2, 3, 7, 8]}
colors = {'Category 1': 'blue', 'Category 2': 'green', 'Category 3': 'red'}
width = 0.2
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
for i, name in enumerate(values):
    plt.bar(x + (i - 1) * width, values[name], width, label=name, color=colors[name])
plt.axhline(6.25, color='green', linestyle=':', linewidth=2)
plt.text(1, 6.4, 'Category 2 mean: 6.25', color='green', ha='center', va='bottom', fontsize=12)
plt.xticks(x, items, fontsize=16)
plt.yticks(fontsize=14)
plt.ylim(0, 11)
plt.ylabel('Values', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.tight_layout()
plt.show()
