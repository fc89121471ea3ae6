import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
y = 4.5 * np.sin(1.52 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.title('Scatter Plot of Data', fontsize=20)
plt.ylim(-6.4, 7.4)
plt.scatter([1.03, 3.1], [4.5, -4.5], color='red', s=50, zorder=3)
plt.text(1.03, 5.2, '(1.03, 4.5)', fontsize=12, ha='center', va='bottom')
plt.text(3.1, -5.2, '(3.10, −4.5)', fontsize=12, ha='center', va='top')
plt.grid()
plt.tight_layout()
plt.show()
