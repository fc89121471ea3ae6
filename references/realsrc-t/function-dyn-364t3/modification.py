import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-20, 20, 100)
y = -6.9 * x**3
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.xlim(-22, 22)
plt.ylim(-62400, 62400)
plt.grid()
plt.tight_layout()
plt.show()
