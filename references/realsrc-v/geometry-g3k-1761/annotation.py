import matplotlib.pyplot as plt
from matplotlib.patches import Arc

points = {'A': (0, 0), 'C': (14, 0), 'B': (14, -8.08)}
label_pos = {'A': (-0.6, 0), 'C': (14.45, 0.45), 'B': (14, -8.7)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C')]

fig, ax = plt.subplots(figsize=(7, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')

ax.text(7, 0.5, '14', fontsize=12, ha='center', va='center')
ax.text(14.6, -4.04, 'x', fontsize=12, ha='center', va='center')
ax.text(6.6, -4.75, 'y', fontsize=12, ha='center', va='center')
ax.add_patch(Arc(points['B'], 3.0, 3.0, theta1=90, theta2=150, color='black', linewidth=1))
ax.text(13.0, -6.3, '60°', fontsize=11, ha='center', va='center')
ax.plot([13.4, 13.4, 14], [0, -0.6, -0.6], color='black', linewidth=1)
ax.set_title('x = 14 / tan 60° ≈ 8.08', fontsize=13)
ax.set_xlim(-1.5, 16)
ax.set_ylim(-9.6, 1.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()

