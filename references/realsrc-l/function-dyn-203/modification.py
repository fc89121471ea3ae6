import numpy as np
import matplotlib.pyplot as plt

base = 1.5
x = np.linspace(-2, 2, 200)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, base ** x, color='black', linewidth=1.5)
plt.vlines(-2, 0, base ** -2, linestyles='dashed', colors='black')
plt.vlines(2, 0, base ** 2, linestyles='dashed', colors='black')
plt.text(-2, -0.5, 'a', fontsize=12)
plt.text(2, -0.5, 'b', fontsize=12)
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
