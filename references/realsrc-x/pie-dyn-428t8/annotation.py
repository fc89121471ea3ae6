import numpy as np
import matplotlib.pyplot as plt

labels = ['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5']
sizes = [65, 73, 90, 68, 74]
colors = ['red', 'blue', 'green', 'orange', 'purple']
percents = ['17.6%', '19.7%', '24.3%', '18.4%', '20.0%']

fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90,
                                  autopct=lambda p: '{:.0f}'.format(p * sum(sizes) / 100))
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(20)
for wedge, percent in zip(wedges, percents):
    mid = np.deg2rad((wedge.theta1 + wedge.theta2) / 2)
    ax.text(0.6 * np.cos(mid), 0.6 * np.sin(mid) - 0.18, percent, color='white', fontsize=11,
            ha='center', va='center')
plt.legend(labels, loc='upper right')
plt.title('Number of Students in Each Grade')
plt.show()
