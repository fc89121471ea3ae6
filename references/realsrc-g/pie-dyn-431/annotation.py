import matplotlib.pyplot as plt

labels = ['Red', 'Blue', 'Orange', 'Purple']
sizes = [2, 5, 4, 6]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7, 5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90, autopct=lambda p: f'{p:.1f}%\n({round(p * sum(sizes) / 100)})',
                                  textprops={'color': 'white', 'fontsize': 16})
ax.legend(wedges, labels, loc='center left', bbox_to_anchor=(1, 0.5), fontsize=12)
ax.axis('equal')
ax.set_title('Colour Shares', fontsize=16)
plt.tight_layout()
plt.show()
