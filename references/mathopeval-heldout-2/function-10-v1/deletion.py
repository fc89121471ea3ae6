import numpy as np
import matplotlib.pyplot as plt

def f(x):
    return 2 / (x**2 + 1) - 1

x = np.linspace(-5, 2, 281)
y = f(x)

plt.figure(figsize=(6, 4.5))
plt.plot(x, y, color='#DD8452', linewidth=2)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
