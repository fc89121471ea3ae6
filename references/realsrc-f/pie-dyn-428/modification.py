import numpy as np
import matplotlib.pyplot as plt

labels = ['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5']
sizes = [120, 68, 64, 93, 79]
colors = ['red', 'blue', 'green', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5))
wedges, texts = ax.pie(sizes, colors=colors, startangle=90)
for w, s in zip(wedges, sizes):
    a = np.deg2rad((w.theta1 + w.theta2) / 2)
    ax.text(0.6 * np.cos(a), 0.6 * np.sin(a), str(s), color='white', fontsize=20, ha='center', va='center')
ax.legend(wedges, labels, loc='center left', bbox_to_anchor=(1, 0.5))
ax.set_title('Number of Students in Each Grade', pad=20)
ax.axis('equal')
plt.tight_layout()
plt.show()
