import matplotlib.pyplot as plt

sizes = [4, 8, 6, 1]
labels = ['Red', 'Blue', 'Orange', 'Purple']
fig, ax = plt.subplots(figsize=(5, 5))
wedges, texts, autotexts = ax.pie(sizes, labels=None, autopct='%1.1f%%', startangle=90,
                                  colors=['red', 'blue', 'orange', 'purple'])
for autotext in autotexts:
    autotext.set_color('white')
    autotext.set_fontsize(18)
plt.legend(labels, loc='lower right')
plt.show()
