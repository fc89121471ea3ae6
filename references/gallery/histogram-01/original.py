import matplotlib.pyplot as plt
import numpy as np

np.random.seed(19680801)

n_bins = 10
x = np.random.randn(1000, 3)

fig, ax = plt.subplots()

colors = ['red', 'tan', 'lime']
ax.hist(x, n_bins, density=True, histtype='bar', color=colors, label=colors)
ax.legend(prop={'size': 10})
ax.set_title('bars with legend')

plt.show()
