import matplotlib.pyplot as plt

points = {'C': (0, 0), 'A': (5, 0), 'B': (0, 3), 'E': (0, 1.43)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'E'), ('B', 'C')]
label_pos = {'C': (-0.3, -0.28), 'A': (5.3, -0.28), 'B': (-0.3, 3.2), 'E': (-0.35, 1.43)}

fig, ax = plt.subplots(figsize=(7, 4.8))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    color = 'red' if (p, q) == ('A', 'E') else 'black'
    ax.plot([x1, x2], [y1, y2], color=color, linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 5.9)
ax.set_ylim(-0.8, 3.7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
