import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3']
categories = {
    'Category 1': ([4, 10, 2], 'blue'),
    'Category 2': ([7, 3, 10], 'green'),
    'Category 3': ([10, 7, 1], 'red'),
}
width = 0.2
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
for i, (name, (vals, color)) in enumerate(categories.items()):
    plt.bar(x + (i - 1) * width, vals, width, label=name, color=color)
plt.xticks(x, items, fontsize=16)
plt.yticks(fontsize=14)
plt.ylim(0, 11)
plt.ylabel('Values', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.tight_layout()
plt.show()
