import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, x ** 2 + 1, color='blue', linewidth=1.5, label='y = x^2 + 1')
plt.plot(x, x ** 2, color='black', linewidth=1.5, label='y = x^2')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
key_points = [(0, 0), (0, 1)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
plt.annotate('(0, 0)', (0, 0), textcoords='offset points', xytext=(8, -6), ha='left', va='center')
plt.annotate('(0, 1)', (0, 1), textcoords='offset points', xytext=(8, 6), ha='left', va='center')
plt.xlim(-5, 5)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.legend(loc='lower right')
plt.show()
