import matplotlib.pyplot as plt

points = {'C': (0, 0), 'B': (9.8, 0), 'A': (3, 5.4), 'D': (6.4, 2.7), 'E': (4.9, 0), 'F': (1.5, 2.7)}
segments = [('C', 'A'), ('A', 'B'), ('B', 'C'), ('D', 'E'), ('E', 'F')]
label_pos = {'C': (-0.39, -0.23), 'B': (10.22, -0.15), 'A': (2.91, 5.84), 'D': (6.68, 3.05), 'E': (4.9, -0.45), 'F': (1.11, 2.92)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(6.57, 1.87, '82°', fontsize=11, ha='center', va='center')
ax.text(0.45, 1.73, '15', fontsize=12, ha='center', va='center')
ax.text(2.95, 1.04, '9.2', fontsize=12, ha='center', va='center')
ax.set_xlim(-1, 10.8)
ax.set_ylim(-1.1, 6.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
