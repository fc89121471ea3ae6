import matplotlib.pyplot as plt

items = ['Rent', 'Food', 'Utilities', 'Savings']
shares = [35, 24, 10, 17]
colors = ['#4C72B0', '#DD8452', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(shares, labels=items, colors=colors, startangle=90)
plt.title('Monthly household budget')
plt.axis('equal')
plt.show()
