import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3']
cat1 = [6, 5, 7]
cat2 = [4, 5, 5]
cat3 = [7, 1, 7]
width = 0.2
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
plt.bar(x - width, cat1, width, label='Category 1', color='blue')
plt.bar(x, cat2, width, label='Category 2', color='pink')
plt.bar(x + width, cat3, width, label='Category 3', color='gray')
plt.xticks(x, items, fontsize=16)
plt.yticks(fontsize=14)
plt.ylim(0, 8)
plt.ylabel('Values', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.tight_layout()
plt.show()
