import matplotlib.pyplot as plt

points = {'J': (0, 5), 'K': (2.6, 8.6), 'N': (5.3, 8), 'M': (5.1, 3.4), 'L': (2, 0)}
segments = [('J', 'K'), ('K', 'N'), ('N', 'M'), ('M', 'L'), ('L', 'J'), ('L', 'K'), ('L', 'N')]
label_pos = {'J': (-0.45, 5.05), 'K': (2.44, 9.02), 'N': (5.66, 8.27), 'M': (5.52, 3.23), 'L': (1.92, -0.44)}

fig, ax = plt.subplots(figsize=(5, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1.1, 6.3)
ax.set_ylim(-1, 9.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
