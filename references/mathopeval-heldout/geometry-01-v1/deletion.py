import matplotlib.pyplot as plt

points = {'A': (2, 4), 'B': (-1, -1), 'C': (6, 1), 'D': (3, 0.14)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (1.95, 4.4), 'B': (-1.33, -1.23), 'C': (6.4, 0.96), 'D': (3.11, -0.24)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 7)
ax.set_ylim(-2, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
