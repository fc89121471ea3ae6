import numpy as np
import matplotlib.pyplot as plt

sizes = [4, 8, 6, 1]
labels = ['Red', 'Blue', 'Orange', 'Purple']
fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, labels=None, autopct='%1.1f%%', startangle=90,
                                  colors=['red', 'blue', 'orange', 'purple'])
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(18)
for wedge, size in zip(wedges, sizes):
    mid = np.deg2rad((wedge.theta1 + wedge.theta2) / 2)
    ax.text(1.12 * np.cos(mid), 1.12 * np.sin(mid), str(size), fontsize=14, ha='center', va='center')
ax.set_title('Red + Blue = 63.2%, more than 60%', fontsize=12)
plt.legend(labels, loc='lower right')
plt.show()
