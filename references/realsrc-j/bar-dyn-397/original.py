import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3']
values = {'Category 1': [1, 8, 4], 'Category 2': [2, 9, 8], 'Category 3': [2, 4, 4]}
colors = {'Category 1': 'blue', 'Category 2': 'green', 'Category 3': 'orange'}
width = 0.2
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
for i, name in enumerate(values):
    plt.bar(x + (i - 1) * width, values[name], width, label=name, color=colors[name])
plt.xticks(x, items, fontsize=16)
plt.yticks(fontsize=14)
plt.ylim(0, 10)
plt.ylabel('Values', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.tight_layout()
plt.show()
