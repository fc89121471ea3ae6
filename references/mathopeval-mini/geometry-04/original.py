import matplotlib.pyplot as plt

points = {'A': (3, 6), 'B': (0, 0), 'C': (8, 0), 'D': (2, 4)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (2.93, 6.39), 'B': (-0.35, -0.19), 'C': (8.36, -0.17), 'D': (1.64, 4.18)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
