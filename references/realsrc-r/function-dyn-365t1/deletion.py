import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.1, 10, 100)
y = 4.5 * np.sin(1.52 * x)
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.tick_params(axis='both', which='major', labelsize=16)
plt.title('Scatter Plot of Data', fontsize=20)
plt.ylim(-6.4, 7.4)
plt.grid()
plt.tight_layout()
plt.show()
