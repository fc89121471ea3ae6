import matplotlib.pyplot as plt

points = {'A': (0, 0), 'H': (3.9, 0), 'F': (7.2, 0), 'B': (9.3, 0), 'C': (7.2, 2.2), 'D': (3.9, 2.2)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('D', 'H')]
label_pos = {'A': (-0.44, -0.11), 'H': (3.9, -0.45), 'F': (7.2, -0.45), 'B': (9.71, -0.18), 'C': (7.38, 2.61), 'D': (3.79, 2.64)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10.3)
ax.set_ylim(-1.1, 3.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
