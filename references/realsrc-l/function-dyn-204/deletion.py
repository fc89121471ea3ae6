import numpy as np
import matplotlib.pyplot as plt

c = 2
x = np.linspace(-2, 2, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, -(x - c) ** 2 / 11 + 2, color='black', linewidth=1.5)
plt.vlines(-2, 0, -(-2 - c) ** 2 / 11 + 2, linestyles='dashed', colors='black')
plt.vlines(2, 0, -(2 - c) ** 2 / 11 + 2, linestyles='dashed', colors='black')
plt.xlim(-3.3, 3.3)
plt.ylim(-3.3, 3.3)
plt.xticks([])
plt.yticks([])
ax = plt.gca()
ax.spines['top'].set_color('none')
ax.spines['right'].set_color('none')
ax.spines['left'].set_position(('data', 0))
ax.spines['bottom'].set_position(('data', 0))
plt.show()
