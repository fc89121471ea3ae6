import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, (x + 3) ** 2 * (x + 1), color='blue', linewidth=2.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.scatter([-3, -1], [0, 0], color='black', zorder=3)
key_points = [(-3, 0), (-1.67, -1.19)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
plt.annotate('(-3.00, 0.00)', (-3, 0), textcoords='offset points', xytext=(0, 12), ha='center', va='center')
plt.annotate('(-1.67, -1.19)', (-1.67, -1.19), textcoords='offset points', xytext=(0, -14), ha='center', va='center')
plt.xlim(-5, 5)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
