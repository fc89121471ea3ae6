import matplotlib.pyplot as plt

points = {'D': (0, 0), 'A': (0.78, -2.9), 'C': (0.78, 2.9), 'B': (11.59, 0)}
segments = [('B', 'A'), ('B', 'C')]
label_pos = {'D': (-0.45, 0), 'A': (0.55, -3.4), 'C': (0.55, 3.4), 'B': (12.1, 0)}

fig, ax = plt.subplots(figsize=(8, 4))
ax.add_patch(plt.Circle(points['D'], 3, fill=False, color='blue', linewidth=1.5))
ax.plot(*points['D'], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-3.6, 12.8)
ax.set_ylim(-4, 4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
