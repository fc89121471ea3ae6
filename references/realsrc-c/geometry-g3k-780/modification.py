import matplotlib.pyplot as plt

points = {'C': (0, 0), 'D': (4.6, 0), 'A': (10.6, 0), 'B': (4.3, 3.9)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'C': (-0.42, -0.16), 'D': (4.6, -0.45), 'A': (11.03, -0.12), 'B': (4.26, 4.35)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['B'][0], points['D'][0]], [points['B'][1], points['D'][1]], color='orange', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 11.6)
ax.set_ylim(-1.1, 4.9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
