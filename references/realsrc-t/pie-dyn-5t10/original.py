import matplotlib.pyplot as plt

labels = ['Dark Magenta', 'Rosy Brown']
sizes = [3, 8]
colors = ['darkmagenta', 'rosybrown']

fig, ax = plt.subplots(figsize=(7.5, 5))
wedges, _ = ax.pie(sizes, colors=colors, startangle=90)
ax.legend(wedges, labels, loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
ax.set(aspect='equal', xlim=(-1.2, 1.2), ylim=(-1.2, 1.2))
plt.subplots_adjust(left=0.02, right=0.66, bottom=0.05, top=0.9)
plt.show()
