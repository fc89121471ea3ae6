import matplotlib.pyplot as plt
import numpy as np

np.random.seed(19680801)
Z = np.random.rand(4, 6)
x = np.arange(-0.5, 6, 1)  # len = 7
y = np.arange(4.5, 9, 1)  # len = 5

fig, ax = plt.subplots()
ax.pcolormesh(x, y, Z)

plt.show()
