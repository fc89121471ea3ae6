import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (4.2, 4.4), 'C': (5.7, 6), 'D': (8.9, 0), 'E': (6.6, 0)}
segments = [('A', 'C'), ('C', 'D'), ('D', 'A'), ('E', 'B')]
label_pos = {'A': (-0.41, -0.18), 'B': (3.87, 4.71), 'C': (5.76, 6.45), 'D': (9.29, -0.23), 'E': (6.6, -0.45)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.3, -0.45, '12', fontsize=12, ha='center', va='center')
ax.text(1.77, 2.51, '8', fontsize=12, ha='center', va='center')
ax.plot([5.7, 5.7], [6, 0], color='black', linewidth=1.5, linestyle='--')
ax.text(5.7, -0.45, 'H', fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 9.9)
ax.set_ylim(-1.1, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
