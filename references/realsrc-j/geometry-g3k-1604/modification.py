import matplotlib.pyplot as plt

points = {'A': (-2.12, 2.12), 'B': (-4.24, 0), 'C': (-2.12, -2.12), 'D': (1.5, 2.6), 'E': (0, 0)}
segments = [('B', 'A'), ('B', 'C')]
label_pos = {'A': (-2.4, 2.45), 'B': (-4.6, 0), 'C': (-2.4, -2.45), 'D': (1.72, 2.98), 'E': (0.3, -0.3)}

fig, ax = plt.subplots(figsize=(7, 5))
ax.add_patch(plt.Circle((0, 0), 3, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-3.35, 0, 'x', fontsize=13, ha='center', va='center')
ax.text(3.35, 0, 'y', fontsize=13, ha='center', va='center')
ax.set_xlim(-6.2, 4.2)
ax.set_ylim(-3.6, 3.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
