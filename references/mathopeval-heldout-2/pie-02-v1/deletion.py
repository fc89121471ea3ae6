import matplotlib.pyplot as plt

brands = ['Brand A', 'Brand B', 'Brand C', 'Others']
share = [29, 22, 19, 17]
colors = ['#4C72B0', '#DD8452', '#55A868', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(share, labels=brands, colors=colors, startangle=90)
plt.title('Smartphone market share')
plt.axis('equal')
plt.show()
