import matplotlib.pyplot as plt

points = {'A': (1, 0), 'B': (8, 1), 'C': (3, 4), 'D': (5.38, 0.62), 'E': (4.04, 0.43)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (0.65, -0.19), 'B': (8.39, 0.93), 'C': (2.84, 4.37), 'D': (5.43, 0.23), 'E': (4.09, 0.04)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['C'][0], points['E'][0]], [points['C'][1], points['E'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
