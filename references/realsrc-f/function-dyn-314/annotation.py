import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-5, 5, 500)
sigmas = [0.71, 1.36, 0.98, 1.12]
colors = ['red', 'blue', 'green', 'orange']

plt.figure(figsize=(6.4, 4.8))
for s, c in zip(sigmas, colors):
    plt.plot(x, np.exp(-x ** 2 / (2 * s ** 2)) / (s * np.sqrt(2 * np.pi)), color=c, linewidth=1.5, label=f'σ = {s:.2f}')
plt.legend(loc='upper right')
plt.annotate('0.56', (0, 1 / (0.71 * np.sqrt(2 * np.pi))), textcoords='offset points', xytext=(0, 6), ha='center', va='bottom')
plt.xlim(-5, 5)
plt.ylim(0, 1)
plt.xlabel('x', fontsize=14)
plt.ylabel('Probability Density', fontsize=14)
plt.title('Normal Distribution', fontsize=16)
plt.show()
