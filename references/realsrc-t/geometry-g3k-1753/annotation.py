import matplotlib.pyplot as plt

points = {'O': (0, 0), 'A': (-2.12, -2.12), 'B': (2.12, 2.12), 'C': (2.12, -2.12), 'E': (-2.12, 2.12), 'F': (-3, 0)}
segments = [('A', 'B'), ('E', 'C'), ('O', 'F')]
label_pos = {'A': (-2.42, -2.42), 'B': (2.42, 2.42), 'C': (2.42, -2.42), 'E': (-2.42, 2.42), 'F': (-3.35, 0), 'O': (0.42, 0)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((0, 0), 3, fill=False, color='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot(0, 0, 'o', color='black', markersize=4)
ax.text(-0.8, 0.33, '45°', fontsize=12, ha='center', va='center')
ax.plot([-0.212, 0, 0.212], [0.212, 0.424, 0.212], color='black', linewidth=1)
ax.set_title('m∠EOB = 90°, so mArc EB = 90°', fontsize=13)
ax.set_xlim(-3.8, 3.6)
ax.set_ylim(-3.4, 3.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
