import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Arc

points = {'O': (0, 0), 'G': (4, 0), 'F': (2, 3.4641), 'H': (2, -3.4641)}
label_pos = {'O': (-0.45, 0), 'G': (4.45, 0), 'F': (2.25, 3.9), 'H': (2.25, -3.9)}
segments = [('O', 'F'), ('O', 'G'), ('G', 'F'), ('G', 'H')]

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(Circle((0, 0), 4, fill=False, edgecolor='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([0], [0], 'o', color='black', markersize=4)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.text(2, -0.3, '4', fontsize=12, ha='center', va='top')
ax.text(3.24, 1.87, '4', fontsize=12, ha='center', va='center')
ax.add_patch(Arc((0, 0), 1.4, 1.4, theta1=0, theta2=60, color='black', linewidth=1))
ax.text(1.0, 0.58, '60°', fontsize=12, ha='center', va='center')
ax.set_title('x = 60°', fontsize=14)
ax.set_xlim(-5.5, 5.5)
ax.set_ylim(-5.5, 5.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
