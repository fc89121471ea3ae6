import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [5, 6, 1, 4]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5.5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 18})
ax.legend(wedges, labels, loc='upper left', bbox_to_anchor=(1, 1))
for (tx, ty), n in zip([(-0.97, 0.65), (0, -1.17), (1.16, -0.23), (0.83, 0.83)], sizes):
    ax.text(tx, ty, str(n), fontsize=14, ha='center', va='center')
ax.set_title('Smallest slice: Orange (1 of 16)', fontsize=14)
ax.set(aspect='equal', xlim=(-1.4, 1.4), ylim=(-1.4, 1.4))
plt.show()
