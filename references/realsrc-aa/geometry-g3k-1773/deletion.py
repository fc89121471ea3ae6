import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (7.7307, 5.6167), 'C': (10, 0), 'D': (6.7489, 2.1929)}
label_pos = {'A': (-0.4, -0.3), 'B': (7.7307, 6.0), 'C': (10.4, -0.3), 'D': (6.3, 2.5)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'D'), ('C', 'D')]

fig, ax = plt.subplots(figsize=(7, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-1, 11)
ax.set_ylim(-1, 6.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
