import matplotlib.pyplot as plt

uses = ['Agriculture', 'Forest', 'Urban', 'Other']
area = [37, 36, 10, 17]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52']

plt.figure(figsize=(6, 6))
plt.pie(area, labels=uses, colors=colors, startangle=90)
plt.title('Land use')
plt.axis('equal')
plt.show()
