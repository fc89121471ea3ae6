import matplotlib.pyplot as plt
from matplotlib.patches import Circle

points = {'O': (0, 0), 'G': (4, 0), 'F': (2, 3.4641), 'H': (2, -3.4641)}
label_pos = {'O': (-0.45, 0), 'G': (4.45, 0), 'F': (2.25, 3.9), 'H': (2.25, -3.9)}
segments = [('O', 'F'), ('O', 'G'), ('G', 'F'), ('G', 'H')]

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(Circle((0, 0), 4, fill=False, edgecolor='blue', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([0], [0], 'o', color='black', markersize=4)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-5.5, 5.5)
ax.set_ylim(-5.5, 5.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
