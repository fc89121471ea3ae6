import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2']
cat1 = [4, 5]
cat2 = [5, 9]
cat3 = [4, 8]
width = 0.3
x = np.arange(len(items))

plt.figure(figsize=(8, 5))
plt.bar(x, cat1, width, label='Category 1', color='blue')
plt.bar(x + width, cat2, width, label='Category 2', color='green')
plt.bar(x + 2 * width, cat3, width, label='Category 3', color='red')
plt.xticks(x, items, fontsize=18)
plt.yticks(fontsize=20)
plt.xlim(-0.25, 1.85)
plt.ylim(0, 10)
plt.ylabel('Values', fontsize=18)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.11, right=0.78, bottom=0.1, top=0.9)
plt.show()
