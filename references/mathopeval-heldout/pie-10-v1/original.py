import matplotlib.pyplot as plt

uses = ['Agriculture', 'Forest', 'Urban', 'Other']
area = [36, 29, 7, 28]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(area, labels=uses, colors=colors, startangle=90)
plt.title('Land use')
plt.axis('equal')
plt.show()
