import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(1, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -1.7 / np.sqrt(x), color='green', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.ylim(-6, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
