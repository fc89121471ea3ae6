import numpy as np
import matplotlib.pyplot as plt

sizes = [7, 6, 2, 6]
labels = ['Red', 'Blue', 'Orange', 'Purple']
fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, labels=None, autopct='%1.1f%%', startangle=90,
                                  colors=['red', 'blue', 'orange', 'purple'])
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(18)
for wedge, label in zip(wedges, labels):
    mid = np.deg2rad((wedge.theta1 + wedge.theta2) / 2)
    ax.text(1.15 * np.cos(mid), 1.15 * np.sin(mid), label, fontsize=12, ha='center', va='center')
ax.set_title('Orange + Purple = 8, less than Red + Blue = 13', fontsize=12)
plt.legend(labels, loc='upper left')
plt.show()
