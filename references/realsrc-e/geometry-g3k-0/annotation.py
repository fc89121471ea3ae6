import matplotlib.pyplot as plt

points = {'R': (0, 3.3), 'S': (1.1, 0), 'T': (6.4, 4.4), 'X': (12.8, 2.1), 'Y': (11.7, 5.4), 'Z': (6.4, 1)}
segments = [('R', 'S'), ('S', 'T'), ('T', 'R'), ('X', 'Y'), ('Y', 'Z'), ('Z', 'X')]
label_pos = {'R': (-0.4, 3.35), 'S': (0.95, -0.4), 'T': (6.6, 4.8), 'X': (13.2, 2.05), 'Y': (11.85, 5.8), 'Z': (6.2, 0.6)}

fig, ax = plt.subplots(figsize=(9, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.1, 4.25, 'x + 21', fontsize=12, ha='center', va='center')
ax.text(9.7, 1.0, '2x - 14', fontsize=12, ha='center', va='center')
ax.text(0.7, 2.75, '(4y - 10)°', fontsize=12, ha='left', va='center')
ax.text(12.3, 2.75, '(3y + 5)°', fontsize=12, ha='right', va='center')
ax.set_xlim(-1, 13.8)
ax.set_ylim(-1, 6.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
