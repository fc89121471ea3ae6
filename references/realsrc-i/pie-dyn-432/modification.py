import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [2, 4, 1, 6]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=0, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 16})
ax.legend(wedges, labels, loc='upper center', bbox_to_anchor=(0.5, 0.02), ncol=4, fontsize=12)
ax.axis('equal')
plt.tight_layout()
plt.show()
