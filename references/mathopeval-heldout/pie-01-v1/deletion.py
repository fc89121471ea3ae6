import matplotlib.pyplot as plt

items = ['Rent', 'Transport', 'Utilities', 'Savings']
shares = [29, 13, 11, 17]
colors = ['#66c2a5', '#8da0cb', '#e78ac3', '#a6d854']

plt.figure(figsize=(6, 6))
plt.pie(shares, labels=items, colors=colors, startangle=90)
plt.title('Monthly household budget')
plt.axis('equal')
plt.show()
