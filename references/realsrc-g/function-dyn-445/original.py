import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-30, 100, 1301)
datasets = [
    ('Dataset A', 46, 13, '#163d4e'),
    ('Dataset B', 55, 5, '#54792f'),
    ('Dataset C', 30, 11, '#d07e93'),
    ('Dataset D', 45, 8, '#c1caf3'),
]

def density(mu, sd):
    return np.exp(-(x - mu) ** 2 / (2 * sd ** 2)) / (sd * np.sqrt(2 * np.pi))

plt.figure(figsize=(10, 6))
for name, mu, sd, color in datasets:
    plt.plot(x, density(mu, sd), color=color, linewidth=2, label=name)
plt.xlim(-30, 100)
plt.ylim(0, 0.085)
plt.xlabel('Value', fontsize=20)
plt.ylabel('Density', fontsize=20)
plt.title('Density Plot of Different Datasets', fontsize=20)
plt.tick_params(axis='x', which='major', labelsize=20)
plt.tick_params(axis='y', which='major', labelsize=16)
plt.legend(loc='upper right', fontsize=12)
plt.tight_layout()
plt.show()
