import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -(x + 4) * (x - 2), color='blue', linewidth=1.5)
rx = np.linspace(-4, 2, 200)
plt.fill(rx, -(rx + 4) * (rx - 2), color='lightgray')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
key_points = [(-1, 9), (-4, 0), (2, 0), (0, 8)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
plt.annotate('(-1, 9)', (-1, 9), textcoords='offset points', xytext=(0, 9), ha='center', va='center')
plt.annotate('(-4, 0)', (-4, 0), textcoords='offset points', xytext=(-22, 9), ha='center', va='center')
plt.annotate('(2, 0)', (2, 0), textcoords='offset points', xytext=(22, 9), ha='center', va='center')
plt.annotate('(0, 8)', (0, 8), textcoords='offset points', xytext=(24, 4), ha='center', va='center')
plt.xlim(-5, 5)
plt.ylim(-10, 12)
plt.title('y = -(x + 4)*(x - 2)')
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
