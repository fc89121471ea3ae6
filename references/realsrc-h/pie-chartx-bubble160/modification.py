import matplotlib.pyplot as plt

artists = ['Picasso', 'Van Gogh', 'Da Vinci', 'Monet', 'Hockney', 'Koons', 'Rembrandt', 'Warhol', 'Michelangelo']
sold = [120, 80, 200, 60, 50, 45, 90, 110, 150]
colors = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f']

fig, ax = plt.subplots(figsize=(8, 7))
ax.pie(sold, labels=artists, colors=colors, startangle=90, autopct='%1.1f%%', pctdistance=0.8,
       wedgeprops={'width': 0.4},
       textprops={'fontsize': 10})
ax.set_title('Artwork Sold by Notable Artists (In Thousands)', fontsize=13)
ax.axis('equal')
plt.tight_layout()
plt.show()
