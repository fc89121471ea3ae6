import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [8, 6, 1, 2]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%')
for t in autotexts:
    t.set_color('white')
    t.set_fontsize(18)
# the Orange slice and its percentage are removed; the gap stays empty
wedges[2].remove()
autotexts[2].remove()
ax.legend([wedges[0], wedges[1], wedges[3]], ['Red', 'Blue', 'Purple'], loc='upper left')
ax.set(aspect='equal', xlim=(-1.45, 1.45), ylim=(-1.45, 1.45))
plt.show()
