import matplotlib.pyplot as plt

points = {'P': (0, 0), 'Q': (0, 5.2), 'R': (8, 5.2), 'S': (3.56, 2.314)}
label_pos = {'P': (-0.35, -0.35), 'Q': (-0.35, 5.55), 'R': (8.35, 5.55), 'S': (3.85, 1.95)}
segments = [('Q', 'R'), ('Q', 'P'), ('R', 'P')]

fig, ax = plt.subplots(figsize=(7, 5.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 8.9)
ax.set_ylim(-0.8, 6.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()

