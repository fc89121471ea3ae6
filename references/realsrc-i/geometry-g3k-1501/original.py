import matplotlib.pyplot as plt

points = {'V': (4.7, 1.71), 'W': (3.54, -3.54), 'X': (0, 0), 'Y': (-4.7, -1.71), 'Z': (-3.54, 3.54)}
segments = [('W', 'Z'), ('Y', 'V')]
label_pos = {'V': (5.15, 1.9), 'W': (3.85, -3.9), 'X': (0.05, -0.45), 'Y': (-5.15, -1.9), 'Z': (-3.85, 3.9)}

fig, ax = plt.subplots(figsize=(5.5, 5.5))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.4, 1.9, '2x + 65', fontsize=12, ha='center', va='center')
ax.text(-0.4, -1.9, '4x + 15', fontsize=12, ha='center', va='center')
ax.set_xlim(-6, 6)
ax.set_ylim(-6, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
