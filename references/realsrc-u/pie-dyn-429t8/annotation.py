import matplotlib.pyplot as plt

labels = ['Dogs', 'Cats', 'Birds', 'Fish']
shares = [36.7, 34.1, 15.6, 13.5]
colors = ['gold', 'skyblue', 'lightgreen', 'lightcoral']

fig, ax = plt.subplots(figsize=(6, 6))
wedges, texts, autotexts = ax.pie(shares, colors=colors, startangle=90, labels=labels, labeldistance=1.12, textprops={'fontsize': 14}, autopct='%1.1f%%')
for t in autotexts:
    t.set_fontsize(20)
ax.legend(wedges, labels, loc='upper left')
ax.set_title('Types of Pets in City A')
ax.set(aspect='equal', xlim=(-1.45, 1.45), ylim=(-1.45, 1.45))
plt.show()
