import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (0, 3), 'C': (3, 0)}
label_pos = {'A': (-0.22, -0.22), 'B': (-0.22, 3.2), 'C': (3.25, -0.15)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C')]

fig, ax = plt.subplots(figsize=(6, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-1, 4)
ax.set_ylim(-1, 4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
