import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -(x + 4) * (x - 2), color='blue', linewidth=1.5)
rx = np.linspace(-4, 2, 200)
plt.fill(rx, -(rx + 4) * (rx - 2), color='lightgray')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.ylim(-10, 12)
plt.title('y = -(x + 4)*(x - 2)')
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
