import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 401)

plt.figure(figsize=(6, 4.5))
plt.plot(x, -x ** 2 - 2, color='red', linewidth=2.5, label='y = -x^2 - 2')
plt.plot(x, x ** 2 - x, color='blue', linewidth=2.5, label='y = x^2 - x')
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.ylim(-11, 11)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.legend(loc='lower right')
plt.show()
