import numpy as np
import matplotlib.pyplot as plt

groups = ['neat', 'acre', 'squad', 'poison']
x = np.array([0, 1, 2, 3])
delay = [5, 8, 8, 8]
haste = [5, 10, 10, 1]
tappet = [3, 5, 1, 1]
width = 0.2

plt.figure(figsize=(8, 5))
plt.bar(x, delay, width, label='Delay', color='blue')
plt.bar(x + width, haste, width, label='Haste', color='orange')
plt.bar(x + 2 * width, tappet, width, label='Tappet', color='green')
plt.xticks(x, groups, fontsize=18)
plt.yticks(range(0, 11, 2), fontsize=20)
plt.xlim(-0.3, 3.7)
plt.ylim(0, 11.5)
plt.ylabel('Accuracy', fontsize=18)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.11, right=0.8, bottom=0.1, top=0.9)
plt.show()
