import matplotlib.pyplot as plt

points = {'A': (0, 9.59), 'B': (4, 6.48), 'C': (8, 6.48), 'D': (8, 0), 'E': (0, 0), 'F': (0, 6.48)}
segments = [('E', 'A'), ('F', 'C'), ('C', 'D'), ('D', 'E'), ('F', 'D'), ('A', 'B')]
label_pos = {'A': (-0.4, 9.7), 'B': (4.25, 6.85), 'C': (8.4, 6.6), 'D': (8.4, -0.3), 'E': (-0.4, -0.3), 'F': (-0.4, 6.48)}

fig, ax = plt.subplots(figsize=(5.5, 6.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 10.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
