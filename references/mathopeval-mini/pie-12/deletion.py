import matplotlib.pyplot as plt

countries = ['Brazil', 'Colombia', 'Indonesia', 'Other']
production = [37, 12, 7, 27]
colors = ['#1f77b4', '#2ca02c', '#d62728', '#9467bd']

plt.figure(figsize=(6, 6))
plt.pie(production, labels=countries, colors=colors, startangle=90)
plt.title('World coffee production')
plt.axis('equal')
plt.show()
