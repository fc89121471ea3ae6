import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-10, 10, 200)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, 1 / 3 * (x + 5) * (x - 3), color='slateblue', linewidth=2.5)
plt.xlim(-8.8, 8.8)
plt.ylim(-8.8, 8.8)
plt.xticks([-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8])
plt.yticks([-8, -7, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8])
plt.tick_params(axis='both', which='major', labelsize=12)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.scatter([-5, 3], [0, 0], color='violet')
plt.grid()
plt.show()
