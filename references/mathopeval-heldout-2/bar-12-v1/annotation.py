import matplotlib.pyplot as plt

sizes = ['Small', 'Medium', 'Large', 'Extra large']
orders = [124, 240, 219, 58]

plt.figure(figsize=(6, 4))
plt.barh(sizes, orders, color='#DD8452')
for i, value in enumerate(orders):
    plt.text(value + 2.4, i, str(value), va='center')
plt.title('Coffee orders by cup size')
plt.xlabel('Orders')
plt.ylabel('Cup size')
plt.show()
