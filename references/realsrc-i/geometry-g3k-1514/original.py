import matplotlib.pyplot as plt

points = {'G': (0, 0), 'H': (8.6, 2.0), 'J': (9.1, -4.4), 'M': (6.19, -2.99), 'P': (8.85, -1.2),
          'N': (5.26, 1.22), 'A': (6.72, -0.91)}
segments = [('G', 'H'), ('H', 'J'), ('J', 'G'), ('H', 'M'), ('G', 'P'), ('J', 'N')]
label_pos = {'G': (-0.35, 0), 'H': (8.8, 2.35), 'J': (9.35, -4.7), 'M': (6.0, -3.4), 'P': (9.2, -1.15),
             'N': (5.15, 1.6), 'A': (6.6, -0.5)}

fig, ax = plt.subplots(figsize=(7, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10.5)
ax.set_ylim(-5.3, 3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
