import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [2, 8, 3, 6]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5.5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 16})
ax.legend(wedges, labels, loc='center right', bbox_to_anchor=(0, 0.5), fontsize=12)
ax.axis('equal')
for t, n in zip(autotexts, sizes):
    tx, ty = t.get_position()
    ax.text(tx, ty - 0.13, f'({n})', color='white', ha='center', va='center', fontsize=13)
ax.set_title('Red (10.5%) is smaller than Blue (42.1%)', fontsize=15)
plt.tight_layout()
plt.show()
