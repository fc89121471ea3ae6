import matplotlib.pyplot as plt

points = {'A': (3.39, 0), 'B': (0, 3.39), 'C': (-3.39, 0), 'T': (0, -3.39), 'E': (0, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'T'), ('T', 'A'), ('A', 'C'), ('B', 'T')]
label_pos = {'A': (3.7, 0), 'B': (0, 3.72), 'C': (-3.7, 0), 'T': (0, -3.72), 'E': (0.25, -0.25)}

fig, ax = plt.subplots(figsize=(6.5, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-4.3, 4.3)
ax.set_ylim(-4.2, 4.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
