import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, x * (x + 3) * (x + 5), color='blue', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
key_points = [(-5, 0), (-3, 0), (0, 0)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
plt.annotate('(-5.0, 0.0)', (-5, 0), textcoords='offset points', xytext=(2, -13), ha='left', va='center')
plt.annotate('(-3.0, 0.0)', (-3, 0), textcoords='offset points', xytext=(0, -28), ha='center', va='center')
plt.annotate('(0.0, 0.0)', (0, 0), textcoords='offset points', xytext=(0, -13), ha='center', va='center')
plt.xlim(-5, 5)
plt.ylim(-10, 10)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
