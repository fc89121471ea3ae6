import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [3, 6, 1, 4]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5.5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 18})
ax.legend(wedges, labels, loc='upper left', bbox_to_anchor=(1, 1))
ax.set(aspect='equal', xlim=(-1.4, 1.4), ylim=(-1.4, 1.4))
plt.show()
