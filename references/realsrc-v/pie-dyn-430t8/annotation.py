import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [8, 6, 1, 2]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  labels=[str(s) for s in sizes], labeldistance=1.1,
                                  textprops={'fontsize': 14})
for t in autotexts:
    t.set_color('white')
    t.set_fontsize(18)
ax.legend(wedges, labels, loc='upper left')
ax.set_title('Red has the largest slice', fontsize=14)
ax.set(aspect='equal', xlim=(-1.45, 1.45), ylim=(-1.45, 1.45))
plt.show()
