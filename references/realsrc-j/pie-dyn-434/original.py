import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [4, 9, 3, 5]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5.5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct='%1.1f%%',
                                  textprops={'color': 'white', 'fontsize': 16})
ax.legend(wedges, labels, loc='center left', bbox_to_anchor=(1, 0.5), fontsize=12)
ax.axis('equal')
plt.tight_layout()
plt.show()
