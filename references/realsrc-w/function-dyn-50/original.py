import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 200)
plt.figure(figsize=(4, 4))
plt.plot(x, 1.5 * x, color='orange', linewidth=1.5)
plt.plot(x, 4 * x, color='blue', linewidth=1.5)
plt.xlim(-11, 11)
plt.ylim(-11, 11)
plt.xticks([-10, -8, -6, -4, -2, 2, 4, 6, 8, 10])
plt.yticks([-10, -8, -6, -4, -2, 2, 4, 6, 8, 10])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.show()
