import matplotlib.pyplot as plt

points = {'Q': (0, 4.8), 'T': (7.9, 4.8), 'S': (10.5, 0), 'R': (2.6, 0), 'P': (5.25, 2.4)}
segments = [('Q', 'T'), ('T', 'S'), ('S', 'R'), ('R', 'Q'), ('Q', 'S'), ('R', 'T')]
label_pos = {'Q': (-0.3, 5.05), 'T': (8.2, 5.05), 'S': (10.8, -0.25), 'R': (2.3, -0.25), 'P': (5.25, 1.95)}

fig, ax = plt.subplots(figsize=(7.5, 4.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(6.05, 4.15, '4x + 2', fontsize=12, ha='center', va='center')
ax.text(4.5, 0.62, '6x - 4', fontsize=12, ha='center', va='center')
ax.set_xlim(-0.8, 11.3)
ax.set_ylim(-0.8, 5.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
