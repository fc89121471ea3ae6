import matplotlib.pyplot as plt

items = ['Rent', 'Food', 'Transport', 'Utilities', 'Savings']
shares = [45, 24, 14, 10, 7]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(shares, labels=items, colors=colors, startangle=90)
plt.title('Monthly household budget')
plt.axis('equal')
plt.show()
