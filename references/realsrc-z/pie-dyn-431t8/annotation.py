import numpy as np
import matplotlib.pyplot as plt

sizes = [9, 8, 3, 3]
labels = ['Red', 'Blue', 'Orange', 'Purple']
fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, labels=None, autopct='%1.1f%%', startangle=90,
                                  colors=['red', 'blue', 'orange', 'purple'])
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(18)
for wedge, size in zip(wedges, sizes):
    mid = np.deg2rad((wedge.theta1 + wedge.theta2) / 2)
    ax.text(1.15 * np.cos(mid), 1.15 * np.sin(mid), str(size), fontsize=14, ha='center', va='center')
ax.set_title('The orange slice is 13.0%, less than 25%', fontsize=13)
plt.legend(labels, loc='upper left')
plt.show()
