import matplotlib.pyplot as plt

points = {'J': (0, 5.3), 'K': (8.8, 5.3), 'L': (4.3, 2.93), 'M': (9.6, 0)}
segments = [('J', 'K'), ('K', 'M'), ('M', 'J')]
label_pos = {'J': (-0.42, 5.42), 'K': (9.18, 5.5), 'L': (4.1, 2.56), 'M': (9.98, -0.22)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['K'][0], points['L'][0]], [points['K'][1], points['L'][1]], color='red', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10.6)
ax.set_ylim(-0.9, 6.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
