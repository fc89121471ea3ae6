import matplotlib.pyplot as plt

labels = ['red', 'blue', 'orange', 'purple']
sizes = [1, 3, 7, 7]
colors = ['red', 'blue', 'orange', 'purple']

plt.figure(figsize=(7, 5))
plt.pie(sizes, colors=colors, startangle=90)
plt.legend(labels, loc='center left', bbox_to_anchor=(1, 0.5))
plt.axis('equal')
plt.tight_layout()
plt.show()
