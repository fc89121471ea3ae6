import matplotlib.pyplot as plt

items = ['Rent', 'Food', 'Transport', 'Utilities', 'Savings']
shares = [29, 30, 13, 17, 11]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854']

plt.figure(figsize=(6, 6))
plt.pie(shares, labels=items, colors=colors, startangle=90)
plt.title('Monthly household budget')
plt.axis('equal')
plt.show()
