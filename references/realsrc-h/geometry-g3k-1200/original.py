import matplotlib.pyplot as plt

points = {'A': (5.0, 0.11), 'B': (-4.24, 2.64), 'C': (2.57, -4.29), 'D': (3.18, 3.86), 'E': (0, 0), 'F': (2.94, 0.67)}
segments = [('A', 'B'), ('C', 'D')]
label_pos = {'A': (5.4, 0.1), 'B': (-4.6, 2.9), 'C': (2.8, -4.7), 'D': (3.45, 4.25), 'E': (-0.3, -0.3), 'F': (2.62, 0.28)}

fig, ax = plt.subplots(figsize=(5.5, 5.5))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-6, 6)
ax.set_ylim(-6, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
