import matplotlib.pyplot as plt

points = {'A': (28.25, 5), 'B': (8.25, 5), 'C': (0, 0), 'D': (20, 0), 'E': (8.25, 0)}
label_pos = {'A': (28.95, 5.5), 'B': (8.25, 5.75), 'C': (-0.7, -0.6), 'D': (20.7, -0.6), 'E': (8.25, -0.8)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('B', 'E')]

fig, ax = plt.subplots(figsize=(8, 3))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-2, 30.5)
ax.set_ylim(-1.8, 6.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
