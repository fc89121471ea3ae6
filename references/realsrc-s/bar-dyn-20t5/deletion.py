import numpy as np
import matplotlib.pyplot as plt

groups = ['clergy', 'sketch', 'devil']
imp = [3, 5, 9]
pork = [2, 1, 5]
draw = [7, 10, 3]
width = 0.2
x = np.array([0, 1, 2])

plt.figure(figsize=(8, 5))
plt.bar(x, imp, width, label='import', color='blue')
plt.bar(x + width, pork, width, label='pork', color='green')
plt.bar(x + 2 * width, draw, width, label='draw', color='red')
plt.xticks(x, groups, fontsize=18)
plt.yticks(range(0, 11, 2), fontsize=20)
plt.xlim(-0.25, 2.65)
plt.ylim(0, 11.5)
plt.ylabel('values', fontsize=18)
plt.subplots_adjust(left=0.11, right=0.8, bottom=0.1, top=0.9)
plt.show()
