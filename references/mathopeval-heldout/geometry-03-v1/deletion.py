import matplotlib.pyplot as plt

points = {'A': (4, 4), 'B': (0, 0), 'C': (7, 0), 'D': (2.33, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (4.05, 4.4), 'B': (-0.38, -0.14), 'C': (7.37, -0.15), 'D': (2.33, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
