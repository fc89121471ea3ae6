import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 200)
y = 3 * x + 1
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='red', linewidth=1.5)
plt.xlim(-6.6, 6.6)
plt.ylim(-6.6, 6.6)
plt.xticks([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5], fontsize=14)
plt.yticks([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5], [])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.show()
