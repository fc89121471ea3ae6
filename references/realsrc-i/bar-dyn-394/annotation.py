import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3', 'Item 4']
cat1 = [6, 4, 3, 4]
cat2 = [6, 9, 2, 7]
cat3 = [3, 9, 5, 1]
width = 0.2
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
plt.bar(x - width, cat1, width, label='Category 1', color='blue')
plt.bar(x, cat2, width, label='Category 2', color='green')
plt.bar(x + width, cat3, width, label='Category 3', color='red')
for xi, v in zip(x - width, cat1):
    plt.text(xi, v - 0.15, str(v), ha='center', va='top', fontsize=12, color='white')
plt.axhline(4.25, color='blue', linestyle='--', linewidth=1.5, label='Category 1 mean = 4.25')
plt.xticks(x, items, fontsize=16)
plt.yticks(fontsize=14)
plt.ylim(0, 10)
plt.ylabel('Values', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.tight_layout()
plt.show()
