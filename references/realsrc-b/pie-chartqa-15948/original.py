import matplotlib.pyplot as plt

labels = ['DK', 'Oppose', 'Support']
shares = [3, 17, 80]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c']

plt.figure(figsize=(6, 5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.axis('equal')
plt.show()
