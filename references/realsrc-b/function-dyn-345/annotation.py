import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -4 * np.cos(2 * x) + 1, color='lightseagreen', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.axhline(5, color='grey', linestyle='--', linewidth=1)
plt.axhline(-3, color='grey', linestyle='--', linewidth=1)
plt.text(4.9, 5.2, 'max = 5', ha='right', va='bottom')
plt.text(4.9, -2.8, 'min = -3', ha='right', va='bottom')
plt.xlim(-5, 5)
plt.ylim(-8, 8)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
