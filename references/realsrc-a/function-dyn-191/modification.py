import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, (x + 3) ** 2 * (x + 1), color='blue', linewidth=2.5, linestyle='--')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.scatter([-3, -1], [0, 0], color='black', zorder=3)
plt.xlim(-5, 5)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
