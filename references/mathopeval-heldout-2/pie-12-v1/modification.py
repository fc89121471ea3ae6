import matplotlib.pyplot as plt

countries = ['Brazil', 'Vietnam', 'Colombia', 'Indonesia', 'Other']
production = [50, 21, 2, 7, 20]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(production, labels=countries, colors=colors, startangle=90)
plt.title('World coffee production')
plt.axis('equal')
plt.show()
