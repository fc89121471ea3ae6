import matplotlib.pyplot as plt

labels = ['Dogs', 'Cats', 'Birds', 'Fish']
sizes = [43.5, 33.3, 14.3, 9.0]
colors = ['gold', 'skyblue', 'lightgreen', 'lightcoral']

fig, ax = plt.subplots(figsize=(7, 5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=0, autopct='%1.1f%%', textprops={'fontsize': 16})
ax.legend(wedges, labels, loc='center left', bbox_to_anchor=(1, 0.5))
ax.set_title('Types of Pets in City A', pad=20)
ax.axis('equal')
plt.tight_layout()
plt.show()
