import numpy as np
import matplotlib.pyplot as plt

groups = ['clergy', 'sketch', 'devil']
imp = [4, 2, 9]
pork = [2, 9, 8]
draw = [2, 8, 8]
width = 0.2
x = np.array([0, 1, 2])

plt.figure(figsize=(8, 5))
plt.bar(x, imp, width, label='import', color='blue')
plt.bar(x + width, pork, width, label='pork', color='green')
plt.bar(x + 2 * width, draw, width, label='draw', color='red')
for off, vals in [(0, imp), (width, pork), (2 * width, draw)]:
    for xi, v in zip(x, vals):
        plt.text(xi + off, v + 0.1, str(v), ha='center', va='bottom', fontsize=12)
plt.title('Groups with a bar of value 7: 0', fontsize=14)
plt.xticks(x, groups, fontsize=18)
plt.yticks(range(0, 9, 2), fontsize=20)
plt.xlim(-0.25, 2.65)
plt.ylim(0, 10.5)
plt.ylabel('values', fontsize=18)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.11, right=0.8, bottom=0.1, top=0.9)
plt.show()
