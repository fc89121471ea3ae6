import matplotlib.pyplot as plt

genres = ['Pop', 'Rock', 'Hip-hop', 'Jazz', 'Classical']
fans = [35, 30, 15, 12, 8]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(fans, labels=genres, colors=colors, startangle=90)
plt.title('Favourite music genre')
plt.axis('equal')
plt.show()
