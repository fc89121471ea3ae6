import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
x = x[x <= 8]
y = 1.28 * np.exp(0.54 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.title('Scatter Plot of Data', fontsize=20)
plt.xlim(-0.4, 10.5)
plt.ylim(-14, 306)
plt.grid()
plt.tight_layout()
plt.show()
