import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-20, 20, 100)
y = 3.47 * x**2 + 5.2 * x - 0.8
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.xlim(-22, 22)
plt.ylim(-121, 1540)
plt.scatter([-0.75], [-2.75], color='red', s=50, zorder=3)
plt.text(0.8, -25, '(−0.75, −2.75)', fontsize=12, ha='left', va='top')
plt.title('Quadratic: y = 3.47x² + 5.2x − 0.8', fontsize=16)
plt.grid()
plt.tight_layout()
plt.show()
