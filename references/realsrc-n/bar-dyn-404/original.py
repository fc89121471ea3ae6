import numpy as np
import matplotlib.pyplot as plt

items = ['Item 1', 'Item 2']
cat1 = [2, 6]
cat2 = [6, 3]
width = 0.3
x = np.array([0, 1])

plt.figure(figsize=(8, 5))
plt.bar(x, cat1, width, label='Category 1', color='blue')
plt.bar(x + width, cat2, width, label='Category 2', color='green')
plt.xticks(x, items, fontsize=18)
plt.yticks(range(0, 7, 2), fontsize=20)
plt.xlim(-0.23, 1.53)
plt.ylim(0, 7)
plt.ylabel('Values', fontsize=18)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.11, right=0.78, bottom=0.1, top=0.9)
plt.show()
