import matplotlib.pyplot as plt

points = {'A': (0, -1), 'B': (5, -1), 'C': (2, 5), 'D': (3.33, -1)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.3, -1.26), 'B': (5.32, -1.24), 'C': (1.97, 5.4), 'D': (3.33, -1.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 6)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
