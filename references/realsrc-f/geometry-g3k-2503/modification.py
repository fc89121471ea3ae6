import matplotlib.pyplot as plt

points = {'B': (5, 0), 'C': (-5, 0), 'D': (0, 0), 'E': (-2.5, 4.33)}
segments = [('B', 'C'), ('C', 'E'), ('B', 'E')]
label_pos = {'B': (5.45, 0), 'C': (-5.45, 0), 'D': (0, -0.45), 'E': (-2.75, 4.75)}

fig, ax = plt.subplots(figsize=(5.5, 5.5))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
ax.add_patch(plt.Polygon([(5, 0), (-5, 0), (-2.5, 4.33)], closed=True, facecolor='lightgrey', edgecolor='none'))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-6.2, 6.2)
ax.set_ylim(-6.2, 6.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
