import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (6.17, 3.85), 'C': (6.1, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (-0.3, -0.2), 'B': (6.45, 4.1), 'C': (6.4, -0.25)}

fig, ax = plt.subplots(figsize=(6.5, 4.6))
ax.add_patch(plt.Polygon([points['A'], points['B'], points['C']], closed=True, facecolor='lightyellow', edgecolor='none'))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(1.35, 0.38, '32°', fontsize=12, ha='center', va='center')
ax.text(5.75, 2.95, '57°', fontsize=12, ha='center', va='center')
ax.text(5.62, 0.38, 'x°', fontsize=12, ha='center', va='center')
ax.set_xlim(-0.8, 7.2)
ax.set_ylim(-0.8, 4.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
