import matplotlib.pyplot as plt

points = {'B': (0, 0), 'D': (5.76, 0), 'C': (9, 0), 'A': (5.76, 4.32)}
segments = [('B', 'C'), ('C', 'A'), ('A', 'B')]
label_pos = {'B': (-0.42, -0.15), 'D': (5.76, -0.45), 'C': (9.42, -0.15), 'A': (5.76, 4.75)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10)
ax.set_ylim(-1.1, 5.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
