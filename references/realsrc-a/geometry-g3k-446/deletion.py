import matplotlib.pyplot as plt

points = {'A': (7.1, 8.1), 'B': (6.2, 3.6), 'C': (0, 0), 'D': (0.9, 4.7), 'F': (3.62, 4.13)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C')]
label_pos = {'A': (7.37, 8.46), 'B': (6.57, 3.34), 'C': (-0.26, -0.37), 'D': (0.54, 4.96), 'F': (3.76, 3.7)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 8)
ax.set_ylim(-1, 9.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
