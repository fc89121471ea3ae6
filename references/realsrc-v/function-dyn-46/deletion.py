import numpy as np
import matplotlib.pyplot as plt
from matplotlib.patches import Circle

x = np.linspace(-10, 10, 200)
y = x**2
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y, color='blue', linewidth=1.5)
ax = plt.gca()
plt.xlim(-12.1, 12.1)
plt.ylim(-12.1, 12.1)
ticks = [-10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
plt.xticks(ticks, fontsize=12)
plt.yticks(ticks, fontsize=12)
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.grid()
plt.show()
