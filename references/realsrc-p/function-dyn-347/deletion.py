import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(10, -10, 200)
plt.figure(figsize=(6, 6))
plt.xlim(-6 * 1.1, 6 * 1.1)
plt.ylim(-6 * 1.1, 6 * 1.1)
plt.plot(x, 1.6 * x, color='lightseagreen', lw=1.5)
plt.plot(x, 1.1 * x ** 4, color='orange', lw=1.5)
plt.plot(x, 0.8 * x ** 2, color='violet', lw=1.5)
plt.xticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
plt.yticks([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.show()
