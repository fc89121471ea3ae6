import matplotlib.pyplot as plt

points = {'C': (0, 0), 'B': (9, 0), 'A': (8.06, 5.93), 'D': (4.83, 3.56)}
segments = [('C', 'B'), ('B', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'C': (-0.4, -0.4), 'B': (9.4, -0.4), 'A': (8.06, 6.45), 'D': (4.5, 4.0)}

fig, ax = plt.subplots(figsize=(6.4, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10.2)
ax.set_ylim(-1.2, 7.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
