import numpy as np
import matplotlib.pyplot as plt

def f(x):
    return -np.abs(x + 1) + 3

x = np.linspace(-5, 5, 401)
y = f(x)

plt.figure(figsize=(6, 4.5))
plt.plot(x, y, color='#8172B3', linewidth=2)
key_points = [(-4, 0), (-1, 3), (0, 2), (2, 0)]
plt.scatter([p[0] for p in key_points], [p[1] for p in key_points], color='red', zorder=3)
for px, py in key_points:
    plt.annotate(f'({px}, {py})', (px, py), textcoords='offset points', xytext=(6, 6))
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
