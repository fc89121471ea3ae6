import numpy as np
import matplotlib.pyplot as plt

values = [1, 7, 10, 6, 10, 1]
x = np.arange(6)
plt.figure(figsize=(6.4, 4.8))
plt.bar(x, values, 0.6, color='blue')
for xi, v in zip(x, values):
    plt.text(xi, v - 0.15, str(v), fontsize=14, color='white', ha='center', va='top')
plt.title('The largest bar is 10', fontsize=16)
plt.xticks(x, ['ration', 'posse', 'permit', 'acre', 'ego', 'nerve'], fontsize=16)
plt.ylabel('Value', fontsize=18)
plt.yticks([0, 2, 4, 6, 8, 10], fontsize=18)
plt.xlim(-0.58, 5.58)
plt.ylim(0, 10.5)
plt.show()
