import matplotlib.pyplot as plt

sources = ['Gas', 'Coal', 'Nuclear', 'Renewables']
mix = [38, 22, 19, 21]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52']

plt.figure(figsize=(6, 6))
plt.pie(mix, labels=sources, colors=colors, startangle=90)
plt.title('Electricity mix')
plt.axis('equal')
plt.show()
