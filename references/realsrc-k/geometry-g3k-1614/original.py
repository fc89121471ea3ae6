import matplotlib.pyplot as plt

points = {'A': (0, 0), 'F': (2.12, 3.32), 'Q': (2.52, -1.63), 'R': (-6.78, -0.74), 'S': (1.03, 2.82),
          'T': (-2.78, -1.12), 'U': (-2.8, 1.08)}
segments = [('R', 'F'), ('R', 'Q')]
label_pos = {'A': (0.3, -0.32), 'F': (2.38, 3.55), 'Q': (2.85, -1.95), 'R': (-7.15, -0.74), 'S': (0.82, 3.22),
             'T': (-3.08, -1.52), 'U': (-3.08, 1.5)}

fig, ax = plt.subplots(figsize=(8, 5.4))
ax.add_patch(plt.Circle((0, 0), 3, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-7.7, 3.7)
ax.set_ylim(-3.6, 4.0)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
