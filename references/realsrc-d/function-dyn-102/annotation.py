import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2, 2, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -3 * x ** 3 + 2 * x ** 2 + 3 * x, color='brown', linewidth=2.5)
plt.scatter([1], [2], color='white', edgecolors='black', zorder=3)
plt.scatter([1], [0], color='brown', zorder=3)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.scatter([-0.3964, 0.8409], [-0.6881, 2.1531], color='red', zorder=3)
plt.annotate('(-0.40, -0.69)', (-0.3964, -0.6881), textcoords='offset points', xytext=(0, -14), ha='center', va='center')
plt.annotate('(0.84, 2.15)', (0.8409, 2.1531), textcoords='offset points', xytext=(0, 14), ha='center', va='center')
plt.xlim(-2, 2)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
