import matplotlib.pyplot as plt

costs = ['Salaries', 'Marketing', 'R&D', 'Office']
amounts = [65, 16, 17, 2]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(amounts, labels=costs, colors=colors, startangle=90)
plt.title('Company expenses')
plt.axis('equal')
plt.show()
