import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, 2 * np.arctan(x), color='deeppink', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
tx = np.linspace(-1.5, 1.5, 2)
plt.plot(tx, 2 * tx, color='red', linestyle='--', linewidth=1)
plt.text(1.65, 3, 'y = 2x', ha='left', va='center')
plt.xlim(-5, 5)
plt.ylim(-4, 4)
plt.title('2arctan(x)')
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
