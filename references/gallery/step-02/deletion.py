import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0.1, 2 * np.pi, 21)
y = np.exp(np.sin(x))

keep = y >= 0.8
plt.stem(x[keep], y[keep])
plt.show()
