import matplotlib.pyplot as plt

sources = ['Gas', 'Nuclear', 'Renewables']
mix = [39, 20, 18]
colors = ['#66c2a5', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(mix, labels=sources, colors=colors, startangle=90)
plt.title('Electricity mix')
plt.axis('equal')
plt.show()
