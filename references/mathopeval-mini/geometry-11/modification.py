import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (8, 0), 'C': (2, 5), 'D': (5, 0), 'E': (3.26, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.36, -0.18), 'B': (8.38, -0.13), 'C': (1.85, 5.37), 'D': (5, -0.4), 'E': (3.26, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['C'][0], points['E'][0]], [points['C'][1], points['E'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
