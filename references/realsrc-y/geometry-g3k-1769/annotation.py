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
ax.text(-0.15, 1.5, '3', fontsize=13, ha='right', va='center')
ax.text(1.5, -0.15, 'x = 3', fontsize=13, ha='center', va='top')
ax.text(1.7, 1.7, 'y = 3√2', fontsize=13, ha='left', va='bottom')
ax.text(2.35, 0.14, '45°', fontsize=12, ha='center', va='center')
ax.plot([0, 0.25, 0.25], [0.25, 0.25, 0], color='black', linewidth=1)
ax.set_title('x = 3', fontsize=14)
ax.set_xlim(-1, 4)
ax.set_ylim(-1, 4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
