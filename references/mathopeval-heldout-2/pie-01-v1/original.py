import matplotlib.pyplot as plt

items = ['Rent', 'Food', 'Transport', 'Utilities', 'Savings']
shares = [34, 21, 16, 10, 19]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd']

plt.figure(figsize=(6, 6))
plt.pie(shares, labels=items, colors=colors, startangle=90)
plt.title('Monthly household budget')
plt.axis('equal')
plt.show()
