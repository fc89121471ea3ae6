import matplotlib.pyplot as plt

points = {'A': (38, 68), 'B': (0, 0), 'C': (0, 40), 'D': (38, 0), 'S': (38, 28)}
segments = [('A', 'C'), ('C', 'B'), ('B', 'S'), ('S', 'A')]
label_pos = {'A': (40.5, 70.5), 'B': (-2.6, -2.6), 'C': (-2.8, 41), 'S': (41.2, 28.5)}

fig, ax = plt.subplots(figsize=(5.6, 7))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-8, 47)
ax.set_ylim(-7, 74)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
