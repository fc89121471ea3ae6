import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2', 'Item 3', 'Item 4']
cat1 = [1, 0, 6, 8]
cat2 = [5, 0, 5, 7]
cat3 = [1, 0, 10, 7]
width = 0.15
x = np.array([0, 1, 2, 3])

plt.figure(figsize=(8, 5))
plt.bar(x, cat1, width, label='Category 1', color='blue')
plt.bar(x + width, cat2, width, label='Category 2', color='green')
plt.bar(x + 2 * width, cat3, width, label='Category 3', color='red')
plt.xticks(x, items, fontsize=18)
plt.yticks(range(0, 11, 2), fontsize=20)
plt.xlim(-0.25, 3.55)
plt.ylim(0, 11.5)
plt.ylabel('Values', fontsize=18)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.11, right=0.78, bottom=0.1, top=0.9)
plt.show()
