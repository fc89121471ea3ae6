import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0.1, 2 * np.pi, 21)
y = np.exp(np.sin(x))

plt.stem(x, y)
i = np.argmax(y)
plt.annotate(f'max = {y[i]:.2f}', (x[i], y[i]), xytext=(8, 0),
             textcoords='offset points', ha='left', va='center')
plt.show()
