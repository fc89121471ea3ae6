import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 10, 200)
y1 = -x * (1.2 * x - 22)
y2 = -x * (3 * x - 30)

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, y1, color='darkblue', linewidth=2.5)
plt.xlim(-0.5, 10.5)
plt.ylim(0, 105.875)
plt.axis('off')
plt.tight_layout()
plt.show()
