import matplotlib.pyplot as plt

labels = ['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5']
sizes = [79, 96, 73, 58, 91]
colors = ['red', 'blue', 'green', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(7.5, 5.5))
wedges, texts, autotexts = ax.pie(sizes, labels=['19.9%', '24.2%', '18.4%', '14.6%', '22.9%'], colors=colors, startangle=90,
                                  autopct=lambda p: '{:.0f}'.format(p * sum(sizes) / 100))
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(20)
ax.legend(wedges, labels, loc='upper left', bbox_to_anchor=(1, 1))
ax.set_title('Number of Students in Each Grade')
ax.set(aspect='equal', xlim=(-1.4, 1.4), ylim=(-1.4, 1.4))
plt.subplots_adjust(left=0.02, right=0.75, bottom=0.03, top=0.92)
plt.show()
