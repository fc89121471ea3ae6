import matplotlib.pyplot as plt

points = {'W': (0, 0), 'A': (43.4, 0), 'H': (19.03, 39.01), 'P': (31.215, 19.505),
          'Q': (21.7, 0), 'X': (20.81, 13.0)}
label_pos = {'W': (-2.0, -1.6), 'A': (45.2, -1.6), 'H': (19.03, 41.2), 'P': (33.0, 20.8),
             'Q': (21.7, -2.4), 'X': (18.9, 13.8)}
segments = [('W', 'H'), ('W', 'A'), ('H', 'A'), ('W', 'P'), ('H', 'Q')]

fig, ax = plt.subplots(figsize=(7, 6.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-4, 48)
ax.set_ylim(-4.5, 44)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
