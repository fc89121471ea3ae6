import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2, 2, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -3 * x ** 3 + 2 * x ** 2 + 3 * x, color='brown', linewidth=2.5)
plt.scatter([1], [2], color='white', edgecolors='black', zorder=3)
plt.scatter([1], [-3], color='brown', zorder=3)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-2, 2)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
