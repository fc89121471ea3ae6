import matplotlib.pyplot as plt

points = {'A': (1, 0), 'B': (7, -1), 'C': (8, 5), 'D': (3, 3), 'H': (2.46, -0.24)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (0.64, -0.17), 'B': (7.25, -1.31), 'C': (8.28, 5.28), 'D': (2.67, 3.23), 'H': (2.39, -0.64)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['D'][0], points['H'][0]], [points['D'][1], points['H'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
