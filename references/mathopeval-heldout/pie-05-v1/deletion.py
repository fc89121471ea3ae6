import matplotlib.pyplot as plt

pets = ['Dogs', 'Cats', 'Fish', 'Birds']
votes = [36, 33, 12, 8]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(votes, labels=pets, colors=colors, startangle=90)
plt.title('Favourite pet in a class survey')
plt.axis('equal')
plt.show()
