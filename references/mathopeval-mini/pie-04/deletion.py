import matplotlib.pyplot as plt

sources = ['Gas', 'Nuclear', 'Renewables']
mix = [38, 19, 21]
colors = ['#4C72B0', '#55A868', '#C44E52']

plt.figure(figsize=(6, 6))
plt.pie(mix, labels=sources, colors=colors, startangle=90)
plt.title('Electricity mix')
plt.axis('equal')
plt.show()
