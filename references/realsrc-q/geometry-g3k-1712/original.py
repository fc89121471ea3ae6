import matplotlib.pyplot as plt

points = {'C': (-17.2, 0), 'R': (-12.3, 0), 'T': (0, 0), 'S': (0, -8), 'W': (0, 8)}
segments = [('C', 'T'), ('R', 'S'), ('R', 'W'), ('S', 'W')]
label_pos = {'C': (-17.9, 0), 'R': (-12.6, 0.75), 'T': (0.7, 0), 'S': (0.4, -8.6), 'W': (0.4, 8.6)}

fig, ax = plt.subplots(figsize=(7.5, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-19, 3.5)
ax.set_ylim(-10, 10)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
