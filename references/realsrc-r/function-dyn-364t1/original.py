import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-20, 20, 100)
y = -0.4 * x + 8.2
plt.figure(figsize=(6.4, 4.8))
plt.scatter(x, y, label='Data Points', color='blue')
plt.xlabel('X', fontsize=20)
plt.ylabel('Y', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.ylim(-16.9, 33.3)
plt.grid()
plt.tight_layout()
plt.show()
