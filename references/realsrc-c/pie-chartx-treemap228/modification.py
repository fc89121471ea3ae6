import matplotlib.pyplot as plt

labels = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty', 'Books', 'Groceries', 'Toys & Hobbies', 'Jewelry']
shares = [25, 20, 15, 13, 10, 8, 5, 4]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f']

plt.figure(figsize=(7, 5.5))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.title('E-commerce Sales Distribution by Product Category', pad=20)
plt.axis('equal')
plt.show()
