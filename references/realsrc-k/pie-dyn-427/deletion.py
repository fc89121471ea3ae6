import matplotlib.pyplot as plt

labels = ['Girls', 'Boys']
sizes = [59, 96]
colors = ['deeppink', 'blue']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(sizes, colors=colors, startangle=90,
                                  autopct=lambda p: '{:.0f}'.format(p * sum(sizes) / 100),
                                  textprops={'color': 'white', 'fontsize': 28})
ax.set_title('Number of Girls and Boys at Elementary School')
ax.set(aspect='equal', xlim=(-1.5, 1.5), ylim=(-1.4, 1.4))
plt.show()
