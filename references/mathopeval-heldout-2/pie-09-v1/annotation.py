import matplotlib.pyplot as plt

costs = ['Salaries', 'Marketing', 'R&D', 'Office']
amounts = [49, 16, 26, 9]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(amounts, labels=costs, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('Company expenses')
plt.axis('equal')
plt.show()
