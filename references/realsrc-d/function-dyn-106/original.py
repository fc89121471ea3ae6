import numpy as np
import matplotlib.pyplot as plt

x1 = np.linspace(-5, -0.4, 185)
x2 = np.linspace(0.4, 5, 185)

plt.figure(figsize=(6, 4.5))
plt.plot(x1, 1 / x1 ** 2, color='violet', linewidth=1.5)
plt.plot(x2, 1 / x2 ** 2, color='violet', linewidth=1.5)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.ylim(-4, 6)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
