import matplotlib.pyplot as plt

points = {'A': (3, 5), 'B': (0, 0), 'C': (9, 0), 'E': (6, 2.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (2.89, 5.38), 'B': (-0.37, -0.15), 'C': (9.38, -0.13), 'E': (6.26, 2.81)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
