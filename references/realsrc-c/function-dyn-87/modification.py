import numpy as np
import matplotlib.pyplot as plt

x1 = np.linspace(-5, 1, 241)
x2 = np.linspace(1, 5, 161)

plt.figure(figsize=(6, 4.5))
plt.plot(x1, 2 * x1 ** 2 - 1, color='purple', linewidth=2.5)
plt.plot(x2, -x2 + 2, color='purple', linewidth=2.5)
plt.scatter([1], [1], color='blue', zorder=3)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.ylim(-8, 8)
plt.title('y = 2x^2 - 1, x < 1\ny = -x + 2, x >= 1')
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
