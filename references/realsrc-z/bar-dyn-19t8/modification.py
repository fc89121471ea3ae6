import numpy as np
import matplotlib.pyplot as plt

delay = [10, 6, 1, 7]
haste = [9, 8, 2, 7]
tappet = [4, 7, 10, 7]
width = 0.6 / 3
x = np.arange(4)
plt.figure(figsize=(6.4, 4.8))
plt.bar(x, delay, width, label='Delay', color='blue')
plt.bar(x + width, haste, width, label='Haste', color='orange')
plt.bar(x + 2 * width, tappet, width, label='Tappet', color='purple')
plt.xticks(np.arange(4), ['neat', 'acre', 'squad', 'poison'], fontsize=18)
plt.ylabel('Accuracy', fontsize=18)
plt.tick_params(axis='y', which='major', labelsize=20)
plt.xlim(-0.28, 3.68)
plt.ylim(0, 10.5)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.subplots_adjust(left=0.14, right=0.76, bottom=0.12, top=0.95)
plt.show()
