import matplotlib.pyplot as plt

regions = ['North', 'South', 'East', 'West']
revenue = [46, 44, 43, 36]

plt.figure(figsize=(6, 4))
plt.bar(regions, revenue, color='#4C72B0')
plt.title('Quarterly revenue by region')
plt.xlabel('Region')
plt.ylabel('Revenue (million $)')
plt.show()
