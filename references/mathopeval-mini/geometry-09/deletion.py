import matplotlib.pyplot as plt

points = {'A': (4, 0), 'B': (7, 3), 'C': (4, 7), 'D': (1, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('B', 'D')]
label_pos = {'A': (4, -0.4), 'B': (7.4, 2.97), 'C': (4, 7.4), 'D': (0.6, 2.97)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 8)
ax.set_ylim(-1, 8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
