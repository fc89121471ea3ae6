import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0.08, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -1.7 / np.sqrt(x), color='green', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.plot([0, 3], [-2.55, 0], color='red', linestyle='--', linewidth=1.5)
plt.scatter([1], [-1.7], color='red', zorder=3)
plt.annotate('(1, -1.7)', (1, -1.7), textcoords='offset points', xytext=(6, -8), ha='left', va='top')
plt.xlim(-5, 5)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
