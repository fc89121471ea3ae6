import numpy as np
import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [5, 9, 4, 2]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5.5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 16})
ax.legend(wedges, labels, loc='upper left', bbox_to_anchor=(0.95, 1), fontsize=12)
ax.axis('equal')
for w, name, c in zip(wedges, labels, colors):
    a = np.deg2rad((w.theta1 + w.theta2) / 2)
    ax.text(1.2 * np.cos(a), 1.2 * np.sin(a), name, color=c, ha='center', va='center', fontsize=13)
ax.text(0, -1.4, 'Red + Blue = 70%', ha='center', va='center', fontsize=14)
plt.tight_layout()
plt.show()
