import matplotlib.pyplot as plt

brands = ['Brand B', 'Brand C', 'Brand D', 'Others']
share = [24, 19, 12, 17]
colors = ['#fc8d62', '#8da0cb', '#e78ac3', '#a6d854']

plt.figure(figsize=(6, 6))
plt.pie(share, labels=brands, colors=colors, startangle=90)
plt.title('Smartphone market share')
plt.axis('equal')
plt.show()
