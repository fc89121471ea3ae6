import matplotlib.pyplot as plt

labels = ['Grade 1', 'Grade 2', 'Grade 4', 'Grade 5']
sizes = [65, 73, 68, 74]
colors = ['red', 'blue', 'orange', 'purple']

fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90,
                                  autopct=lambda p: '{:.0f}'.format(p * sum(sizes) / 100))
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(20)
plt.legend(labels, loc='upper right')
plt.title('Number of Students in Each Grade')
plt.show()
