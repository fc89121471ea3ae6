import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2 * np.pi, 2 * np.pi, 200)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, x ** -2.0 - 1, color='orange', linewidth=1.5)
plt.xlim(-3.3, 3.3)
plt.ylim(-3.3, 3.3)
plt.xticks([-3, -2, -1, 1, 2, 3])
plt.yticks([-3, -2, -1, 1, 2, 3])
plt.tick_params(axis='both', which='major', labelsize=14)
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.show()
