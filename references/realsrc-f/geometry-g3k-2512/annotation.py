import matplotlib.pyplot as plt

points = {'A': (7.2, 0), 'B': (2.2, 3.32), 'C': (0, 0), 'D': (2.2, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'D')]
label_pos = {'A': (7.5, -0.3), 'B': (2.2, 3.65), 'C': (-0.3, -0.3), 'D': (2.2, -0.38)}

fig, ax = plt.subplots(figsize=(7.5, 4.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(5.0, 2.1, '12', fontsize=12, ha='center', va='center')
ax.text(4.7, -0.38, '10', fontsize=12, ha='center', va='center')
ax.plot([2.45, 2.45, 2.2], [0, 0.25, 0.25], color='black', linewidth=1)
ax.set_xlim(-0.8, 8)
ax.set_ylim(-0.8, 4.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
