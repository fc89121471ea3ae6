import matplotlib.pyplot as plt
import numpy as np

# example data
x = np.arange(0.1, 4, 0.5)
y = np.exp(-x)

fig, ax = plt.subplots()
ax.errorbar(x, y, xerr=0.2, yerr=0.4)
for xi, yi in zip(x, y):
    ax.annotate(f'{yi:.2f}', (xi, yi), xytext=(5, 5), textcoords='offset points')
plt.show()
