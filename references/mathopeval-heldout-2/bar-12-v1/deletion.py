import matplotlib.pyplot as plt

sizes = ['Small', 'Large', 'Extra large']
orders = [124, 219, 58]

plt.figure(figsize=(6, 4))
plt.barh(sizes, orders, color='#DD8452')
plt.title('Coffee orders by cup size')
plt.xlabel('Orders')
plt.ylabel('Cup size')
plt.show()
