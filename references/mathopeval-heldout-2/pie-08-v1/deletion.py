import matplotlib.pyplot as plt

modes = ['Walk', 'Car', 'Bike']
pupils = [26, 25, 15]
colors = ['#1f77b4', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(pupils, labels=modes, colors=colors, startangle=90)
plt.title('How pupils travel to school')
plt.axis('equal')
plt.show()
