import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
y = 1.28 * np.exp(0.54 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.title('Scatter Plot of Data', fontsize=20)
plt.xlim(-0.4, 10.5)
plt.ylim(-14, 306)
plt.scatter([10], [283.4], color='red', s=50, zorder=3)
plt.text(9.6, 283.4, '(10, 283.4)', fontsize=12, ha='right', va='center')
plt.text(0.5, 220, 'y = 1.28·exp(0.54x)', fontsize=12, ha='left', va='center')
plt.grid()
plt.tight_layout()
plt.show()
