import matplotlib.pyplot as plt

sources = ['Gas', 'Coal', 'Nuclear', 'Renewables']
mix = [45, 19, 22, 14]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(mix, labels=sources, colors=colors, startangle=90)
plt.title('Electricity mix')
plt.axis('equal')
plt.show()
