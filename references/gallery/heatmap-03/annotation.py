import matplotlib.pyplot as plt
import numpy as np

# a 2D array with linearly increasing values on the diagonal
a = np.diag(range(6))

plt.matshow(a)
for i in range(6):
    plt.text(i, i, str(i), ha='center', va='center', color='red')

plt.show()
