import matplotlib.pyplot as plt

points = {'A': (3, 1), 'B': (8, 3), 'C': (4, 8), 'D': (1, 4), 'H': (3.04, 6.72)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (2.87, 0.62), 'B': (8.39, 2.9), 'C': (4, 8.4), 'D': (0.6, 4), 'H': (2.72, 6.96)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['B'][0], points['H'][0]], [points['B'][1], points['H'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(0, 9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
