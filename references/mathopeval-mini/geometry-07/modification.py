import matplotlib.pyplot as plt

points = {'A': (1, 5), 'B': (0, 0), 'C': (6, 0), 'E': (3.5, 2.5), 'M': (3, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'E')]
label_pos = {'A': (0.85, 5.37), 'B': (-0.33, -0.23), 'C': (6.36, -0.17), 'E': (3.78, 2.78), 'M': (3, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['A'][0], points['M'][0]], [points['A'][1], points['M'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 7)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
