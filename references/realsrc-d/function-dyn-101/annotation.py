import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, 4 * np.abs(x), color='purple', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.scatter([0, -2, 2], [0, 8, 8], color='red', zorder=3)
plt.annotate('(0, 0)', (0, 0), textcoords='offset points', xytext=(0, -14), ha='center', va='center')
plt.annotate('(-2, 8)', (-2, 8), textcoords='offset points', xytext=(-8, 0), ha='right', va='center')
plt.annotate('(2, 8)', (2, 8), textcoords='offset points', xytext=(8, 0), ha='left', va='center')
plt.xlim(-5, 5)
plt.ylim(-4, 20)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
