import matplotlib.pyplot as plt

points = {'Q': (0, 0), 'R': (3.52, 5.7), 'S': (10.22, 5.7), 'T': (6.7, 0), 'B': (5.11, 2.85)}
segments = [('Q', 'R'), ('R', 'S'), ('S', 'T'), ('T', 'Q'), ('Q', 'S'), ('R', 'T')]
label_pos = {'Q': (-0.4, -0.2), 'R': (3.3, 6.1), 'S': (10.62, 5.92), 'T': (7.1, -0.22), 'B': (4.95, 2.3)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 11.2)
ax.set_ylim(-1, 6.7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
