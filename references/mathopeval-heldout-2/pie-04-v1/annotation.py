import matplotlib.pyplot as plt

sources = ['Gas', 'Coal', 'Nuclear', 'Renewables']
mix = [39, 23, 20, 18]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(mix, labels=sources, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('Electricity mix')
plt.axis('equal')
plt.show()
