import matplotlib.pyplot as plt

brands = ['Brand A', 'Brand B', 'Brand C', 'Brand D', 'Others']
share = [29, 30, 19, 13, 9]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(share, labels=brands, colors=colors, startangle=90)
plt.title('Smartphone market share')
plt.axis('equal')
plt.show()
