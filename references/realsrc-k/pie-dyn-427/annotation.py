import matplotlib.pyplot as plt

labels = ['Girls', 'Boys']
sizes = [59, 96]
colors = ['deeppink', 'blue']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90,
                                  autopct=lambda p: '{:.0f}'.format(p * sum(sizes) / 100),
                                  textprops={'color': 'white', 'fontsize': 28})
ax.legend(wedges, labels, loc='upper right')
ax.set_title('Number of Girls and Boys at Elementary School')
ax.text(-1.04, 0.41, '38.1%', fontsize=14, ha='right', va='center')
ax.text(1.04, -0.41, '61.9%', fontsize=14, ha='left', va='center')
ax.set(aspect='equal', xlim=(-1.5, 1.5), ylim=(-1.4, 1.4))
plt.show()
