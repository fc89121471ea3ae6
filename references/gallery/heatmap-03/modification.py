import matplotlib.pyplot as plt
import numpy as np

# a 2D array with linearly increasing values on the diagonal
a = np.diag(range(6))
a[0, 5] = 5

plt.matshow(a)

plt.show()
