import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -0.25 * x ** 2 + 3 * x - 1, color='blue', linewidth=2.5)
plt.scatter([1], [1.75], color='violet', zorder=3)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.axvline(6, color='grey', linestyle='--', linewidth=1)
plt.scatter([6], [8], color='red', zorder=3)
plt.annotate('(6, 8)', (6, 8), textcoords='offset points', xytext=(8, 0), ha='left', va='center')
plt.xlim(-10, 10)
plt.ylim(-10, 10)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
