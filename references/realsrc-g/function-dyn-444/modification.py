import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(10, 90, 801)
datasets = [
    ('Dataset A', 51, 9, '#3b0f70'),
    ('Dataset B', 43, 6, '#8c2981'),
    ('Dataset C', 43, 8, '#de4968'),
    ('Dataset D', 30, 8, '#fe9f6d'),
]

plt.figure(figsize=(10, 6))
for name, mu, sd, color in datasets:
    plt.plot(x, np.exp(-(x - mu) ** 2 / (2 * sd ** 2)) / (sd * np.sqrt(2 * np.pi)), color=color, linewidth=2, label=name)
plt.xlim(10, 90)
plt.ylim(0, 0.07)
plt.xlabel('Value', fontsize=20)
plt.ylabel('Density', fontsize=20)
plt.title('Density Plot of Different Datasets', fontsize=20)
plt.tick_params(axis='x', which='major', labelsize=20)
plt.tick_params(axis='y', which='major', labelsize=18)
plt.legend(loc='upper right', fontsize=12)
plt.tight_layout()
plt.show()
