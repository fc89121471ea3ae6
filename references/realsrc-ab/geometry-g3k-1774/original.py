import matplotlib.pyplot as plt

points = {'A': (1, 4.899), 'B': (0, 0), 'C': (6, 0), 'D': (9.1, 2.9394), 'E': (8.5, 0), 'F': (12.1, 0)}
label_pos = {'A': (1, 5.35), 'B': (-0.35, -0.35), 'C': (6.35, -0.35),
             'D': (9.1, 3.4), 'E': (8.15, -0.35), 'F': (12.45, -0.35)}
segments = [('A', 'B'), ('B', 'C'), ('A', 'C'), ('D', 'E'), ('E', 'F'), ('D', 'F')]

fig, ax = plt.subplots(figsize=(8, 4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-1, 13.2)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
