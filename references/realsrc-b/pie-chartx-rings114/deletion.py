import matplotlib.pyplot as plt

labels = ['Education', 'Social Welfare', 'Infrastructure', 'Transparency']
shares = [30, 22, 25, 8]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd']

plt.figure(figsize=(6, 5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.title('Government and Public Policy Overview - 2023')
plt.axis('equal')
plt.show()
