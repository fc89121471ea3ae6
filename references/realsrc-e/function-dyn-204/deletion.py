import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 2, 201)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -(x - 2) ** 2 / 11 + 2, color='black', linewidth=1.5)
plt.plot([-2, -2], [0, 6 / 11], color='black', linestyle='--', linewidth=1)
plt.plot([2, 2], [0, 2], color='black', linestyle='--', linewidth=1)
plt.text(-2, -0.15, 'a', fontsize=12, ha='center', va='top')
plt.text(2, -0.15, 'b', fontsize=12, ha='center', va='top')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-3, 3)
plt.ylim(-1, 3)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
