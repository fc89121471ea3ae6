import matplotlib.pyplot as plt

genres = ['Pop', 'Rock', 'Hip-hop', 'Jazz', 'Classical']
fans = [32, 24, 20, 15, 9]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3', '#a6d854']

plt.figure(figsize=(6, 6))
plt.pie(fans, labels=genres, colors=colors, startangle=90)
plt.title('Favourite music genre')
plt.axis('equal')
plt.show()
