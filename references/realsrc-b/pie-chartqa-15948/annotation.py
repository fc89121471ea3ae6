import matplotlib.pyplot as plt

labels = ['DK', 'Oppose', 'Support']
shares = [3, 17, 80]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c']

plt.figure(figsize=(6, 5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.text(0.35, -0.49, '80%', ha='center', va='center')
plt.text(-0.4, 0.45, '17%', ha='center', va='center')
plt.axis('equal')
plt.show()
