import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
y = 3.5 * np.sin(1.63 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.ylim(-5, 5.6)
plt.grid()
plt.tight_layout()
plt.show()
