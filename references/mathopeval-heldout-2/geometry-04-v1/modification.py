import matplotlib.pyplot as plt

points = {'A': (4, 7), 'B': (1, 1), 'C': (8, 1), 'D': (3, 5), 'E': (5.33, 5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (3.97, 7.4), 'B': (0.66, 0.79), 'C': (8.35, 0.81), 'D': (2.64, 5.18), 'E': (5.67, 5.22)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['D'][0], points['E'][0]], [points['D'][1], points['E'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(0, 8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
