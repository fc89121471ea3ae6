import matplotlib.pyplot as plt

points = {'A': (1, -1), 'B': (7, -1), 'C': (7, 3), 'D': (0, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A')]
label_pos = {'A': (0.68, -1.24), 'B': (7.34, -1.21), 'C': (7.34, 3.21), 'D': (-0.35, 3.19)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-2, 4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
