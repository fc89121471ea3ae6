import matplotlib.pyplot as plt

fig, ax = plt.subplots()

fruits = ['apple', 'blueberry', 'cherry']
counts = [40, 100, 30]
bar_labels = ['red', 'blue', '_red']
bar_colors = ['tab:red', 'tab:blue', 'tab:red']

ax.bar(fruits, counts, label=bar_labels, color=bar_colors)

ax.set_ylabel('fruit supply')
ax.set_title('Fruit supply by kind and color')
ax.legend(title='Fruit color')

plt.show()
