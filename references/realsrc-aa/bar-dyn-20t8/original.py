import numpy as np
import matplotlib.pyplot as plt

imp = [10, 10, 4]
pork = [6, 8, 2]
draw = [9, 4, 10]
width = 0.6 / 3
x = np.arange(3)
plt.figure(figsize=(6.4, 4.8))
plt.bar(x, imp, width, label='import', color='blue')
plt.bar(x + width, pork, width, label='pork', color='g')
plt.bar(x + 2 * width, draw, width, label='draw', color='r')
plt.xticks(np.arange(3), ['clergy', 'sketch', 'devil'], fontsize=18)
plt.ylabel('values', fontsize=18)
plt.tick_params(axis='y', which='major', labelsize=20)
plt.xlim(-0.23, 2.63)
plt.ylim(0, 10.5)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.14, right=0.78, bottom=0.12, top=0.9)
plt.show()
