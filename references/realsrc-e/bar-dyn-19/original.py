import numpy as np
import matplotlib.pyplot as plt

groups = ['neat', 'acre', 'squad', 'poison']
delay = [5, 8, 9, 3]
haste = [4, 2, 3, 5]
tappet = [8, 6, 9, 4]
x = np.arange(len(groups))
width = 0.2

plt.figure(figsize=(7, 4.5))
plt.bar(x - width, delay, width, color='blue', label='Delay')
plt.bar(x, haste, width, color='orange', label='Haste')
plt.bar(x + width, tappet, width, color='green', label='Tappet')
plt.xticks(x, groups)
plt.ylim(0, 10)
plt.ylabel('Accuracy')
plt.legend(loc='upper left', bbox_to_anchor=(1, 1))
plt.tight_layout()
plt.show()
