import matplotlib.pyplot as plt

points = {'A': (1, -1), 'B': (8, 1), 'C': (5, 4), 'E': (6.5, 2.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (0.66, -1.21), 'B': (8.4, 0.96), 'C': (5.05, 4.4), 'E': (6.78, 2.78)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(-2, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
