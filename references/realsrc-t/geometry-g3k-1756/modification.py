import matplotlib.pyplot as plt

points = {'D': (0, 0), 'C': (9.87, 0), 'A': (3.51, 7.19), 'E': (2.19, 4.49), 'B': (5.89, 4.49)}
segments = [('D', 'C'), ('D', 'A'), ('C', 'A'), ('E', 'C')]
label_pos = {'A': (3.51, 7.6), 'D': (-0.35, -0.35), 'C': (10.22, -0.35), 'E': (1.75, 4.6), 'B': (6.3, 4.6)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 11)
ax.set_ylim(-1, 8.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
