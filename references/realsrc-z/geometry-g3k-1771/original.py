import matplotlib.pyplot as plt

points = {'A': (0, 0), 'Y': (-5, 0), 'B': (0, -13.0767), 'N': (-4.3622, -1.6680)}
label_pos = {'A': (0.45, 0.45), 'Y': (-5.55, 0.2), 'B': (0, -13.75), 'N': (-4.95, -1.95)}
segments = [('A', 'Y'), ('A', 'B'), ('A', 'N'), ('Y', 'B')]

fig, ax = plt.subplots(figsize=(5, 7.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-8, 2.5)
ax.set_ylim(-15, 1.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
