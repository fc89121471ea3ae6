import matplotlib.pyplot as plt

points = {'A': (-1, 1), 'B': (6, -1), 'C': (2, 5), 'D': (0.5, 3), 'E': (3.63, 2.56)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'D')]
label_pos = {'A': (-1.39, 0.92), 'B': (6.32, -1.24), 'C': (1.96, 5.4), 'D': (0.18, 3.24), 'E': (3.96, 2.78)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['A'][0], points['E'][0]], [points['A'][1], points['E'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 7)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
