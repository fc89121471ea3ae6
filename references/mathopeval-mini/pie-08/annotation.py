import matplotlib.pyplot as plt

modes = ['Walk', 'Bus', 'Car', 'Bike']
pupils = [30, 35, 20, 15]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(pupils, labels=modes, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('How pupils travel to school')
plt.axis('equal')
plt.show()
