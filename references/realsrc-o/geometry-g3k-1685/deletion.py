import matplotlib.pyplot as plt

points = {'A': (11.92, 10), 'B': (6.99, 5.87), 'C': (11.92, 0), 'D': (-13.27, 10), 'F': (0, 10), 'G': (0, 0)}
segments = [('D', 'A'), ('A', 'C'), ('C', 'G'), ('G', 'D'), ('G', 'F'), ('G', 'A')]
label_pos = {'A': (12.5, 10.5), 'B': (6.4, 6.55), 'C': (12.5, -0.5), 'D': (-13.85, 10.5), 'F': (0, 10.65), 'G': (0, -0.7)}

fig, ax = plt.subplots(figsize=(8, 4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-15, 13.5)
ax.set_ylim(-1.6, 11.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
