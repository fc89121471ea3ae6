import matplotlib.pyplot as plt

points = {'A': (0, -1), 'B': (7, 0), 'C': (5, 3), 'E': (6, 1.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('A', 'E')]
label_pos = {'A': (-0.37, -1.15), 'B': (7.39, -0.09), 'C': (5.16, 3.37), 'E': (6.33, 1.72)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-2, 4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
