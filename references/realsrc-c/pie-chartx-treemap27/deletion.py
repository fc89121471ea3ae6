import matplotlib.pyplot as plt

labels = ['Team Sports', 'Individual Sports', 'Concerts', 'Movies', 'Streaming Services']
shares = [30, 20, 15, 20, 10]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd']

plt.figure(figsize=(7, 5.5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.title('Revenue Distribution in Sports and Entertainment Industry', pad=20)
plt.axis('equal')
plt.show()
