import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
y = 3.5 * np.sin(1.63 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.title('Scatter Plot of Data', fontsize=20)
plt.ylim(-5, 5.6)
plt.scatter([1.93, 3.85], [0, 0], color='red', s=50, zorder=3)
plt.text(2.1, 0.35, '(1.93, 0)', fontsize=12, ha='left', va='bottom')
plt.text(4.02, -0.35, '(3.85, 0)', fontsize=12, ha='left', va='top')
plt.grid()
plt.tight_layout()
plt.show()
