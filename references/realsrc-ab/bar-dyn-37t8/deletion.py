import numpy as np
import matplotlib.pyplot as plt

values = [1, 7, 10, 10, 1]
x = np.array([0, 1, 2, 4, 5])
plt.figure(figsize=(6.4, 4.8))
plt.bar(x, values, 0.6, color='blue')
plt.xticks(x, ['ration', 'posse', 'permit', 'ego', 'nerve'], fontsize=16)
plt.ylabel('Value', fontsize=18)
plt.yticks([0, 2, 4, 6, 8, 10], fontsize=18)
plt.xlim(-0.58, 5.58)
plt.ylim(0, 10.5)
plt.show()
