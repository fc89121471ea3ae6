import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 10, 200)
y1 = -x * (1.2 * x - 22)
y2 = -x * (3 * x - 30)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y1, color='darkblue', linewidth=2.5)
plt.plot(x, y2, color='lightgreen', linewidth=2.5)
plt.scatter([55 / 6], [605 / 6], color='black', zorder=3)
plt.text(55 / 6, 97.5, '(9.17, 100.83)', ha='center', va='top', fontsize=10)
plt.scatter([5], [75], color='black', zorder=3)
plt.text(5, 72, '(5, 75)', ha='center', va='top', fontsize=10)
plt.title('Ball 1 (dark blue) is in the air longer')
plt.xlim(-0.5, 10.5)
plt.ylim(0, 105.875)
plt.axis('off')
plt.tight_layout()
plt.show()
