import matplotlib.pyplot as plt

labels = ['Renewable Energy', 'Oil and Gas', 'Electricity', 'Nuclear Power', 'Other Resources']
shares = [17, 37, 25, 14, 7]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd']

plt.figure(figsize=(6, 5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.title('Energy and Utilities Utilisation - 2023')
plt.axis('equal')
plt.show()
