import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (7, 0), 'C': (5, 4), 'E': (6, 2), 'M': (3.5, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('A', 'E')]
label_pos = {'A': (-0.38, -0.13), 'B': (7.37, -0.16), 'C': (5.14, 4.37), 'E': (6.36, 2.18), 'M': (3.5, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['C'][0], points['M'][0]], [points['C'][1], points['M'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
