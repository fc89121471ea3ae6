import numpy as np
import matplotlib.pyplot as plt

def f(x):
    return 3 * np.cos(x)

x = np.linspace(-5, 5, 401)
y = f(x) - 2

plt.figure(figsize=(6, 4.5))
plt.plot(x, y, color='#DD8452', linewidth=2)
plt.axhline(0, color='black', linewidth=0.8)
plt.axvline(0, color='black', linewidth=0.8)
plt.xlim(-5, 5)
plt.xlabel('x')
plt.ylabel('y')
plt.grid(True, alpha=0.3)
plt.show()
