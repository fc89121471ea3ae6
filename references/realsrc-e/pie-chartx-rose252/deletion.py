import matplotlib.pyplot as plt

labels = ['Clothing', 'Groceries', 'Home and Garden', 'Shoes and Accessories', 'Beauty and Cosmetics', 'Toys and Games', 'Sports and Outdoors']
values = [83, 200, 50, 30, 25, 40, 20]
colors = ['#1f77b4', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f']

plt.figure(figsize=(9, 6.5))
plt.pie(values, labels=labels, colors=colors, startangle=90)
plt.title('Number of Products Sold in E-commerce Stores in 2021', pad=20)
plt.axis('equal')
plt.show()
