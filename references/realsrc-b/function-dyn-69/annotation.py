import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -2 * x ** 2 + x + 1, color='brown', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
key_points = [(0.25, 1.12), (-0.5, 0), (1, 0)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
plt.annotate('(0.25, 1.125)', (0.25, 1.12), textcoords='offset points', xytext=(0, 12), ha='center', va='center')
plt.annotate('(-0.5, 0)', (-0.5, 0), textcoords='offset points', xytext=(-6, -12), ha='center', va='center')
plt.annotate('(1, 0)', (1, 0), textcoords='offset points', xytext=(6, -12), ha='center', va='center')
plt.xlim(-5, 5)
plt.ylim(-5.5, 5.5)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
