import matplotlib.pyplot as plt

labels = ['Income Tax', 'Property Tax', 'Sales Tax', 'Excise Tax', 'Other Taxes']
shares = [45, 25, 17, 9, 4]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd']

plt.figure(figsize=(6, 5))
plt.pie(shares, labels=labels, colors=colors, startangle=90, autopct='%1.1f%%')
plt.title('Taxation Distribution in the USA, 2023')
plt.axis('equal')
plt.show()
