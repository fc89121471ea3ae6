import matplotlib.pyplot as plt

points = {'A': (0, 5), 'B': (0, 0), 'C': (8, 0), 'D': (0, 2.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.25, 5.31), 'B': (-0.34, -0.21), 'C': (8.38, -0.12), 'D': (-0.4, 2.5)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
