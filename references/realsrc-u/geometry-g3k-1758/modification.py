import matplotlib.pyplot as plt

points = {'I': (0, 0), 'D': (-5.48, -2.44), 'G': (5.48, -2.44)}
segments = [('D', 'G'), ('D', 'I'), ('G', 'I')]
label_pos = {'I': (0, 0.5), 'D': (-6.0, -2.75), 'G': (6.0, -2.75)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle(points['I'], 6, fill=False, color='black', linewidth=1.5))
ax.plot(*points['I'], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    style = '--' if (p, q) == ('D', 'G') else '-'
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5, linestyle=style)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-7, 7)
ax.set_ylim(-7, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
