import matplotlib.pyplot as plt

points = {'A': (0, 37.47), 'B': (41.62, 37.47), 'C': (41.62, 0), 'D': (0, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('B', 'D')]
label_pos = {'A': (-1.8, 39.2), 'B': (43.4, 39.2), 'C': (43.4, -1.7), 'D': (-1.8, -1.7)}

fig, ax = plt.subplots(figsize=(6.4, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='red' if (p, q) == ('B', 'D') else 'black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-5, 46.5)
ax.set_ylim(-5, 43)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
