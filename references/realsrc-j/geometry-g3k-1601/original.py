import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (21.51, 0), 'C': (8, 15), 'D': (8, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.8, -0.5), 'B': (22.3, -0.5), 'C': (8, 15.9), 'D': (8, -1.0)}

fig, ax = plt.subplots(figsize=(7, 5.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 23.5)
ax.set_ylim(-2, 17)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
