import matplotlib.pyplot as plt

costs = ['Salaries', 'Marketing', 'R&D']
amounts = [49, 16, 26]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c']

plt.figure(figsize=(6, 6))
plt.pie(amounts, labels=costs, colors=colors, startangle=90)
plt.title('Company expenses')
plt.axis('equal')
plt.show()
