import matplotlib.pyplot as plt

points = {'J': (0, 0), 'K': (4.5, 7.8), 'L': (9, 0.1), 'M': (4.5, 0.05)}
segments = [('J', 'K'), ('K', 'L'), ('L', 'J')]
label_pos = {'J': (-0.39, -0.23), 'K': (4.5, 8.25), 'L': (9.39, -0.12), 'M': (4.5, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['K'][0], points['M'][0]], [points['K'][1], points['M'][1]], color='red', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10)
ax.set_ylim(-1, 8.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
