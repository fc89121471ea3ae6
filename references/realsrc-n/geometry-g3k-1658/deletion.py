import matplotlib.pyplot as plt

points = {'A': (5.34, 15.5), 'B': (-8.69, -13.9), 'C': (15.4, 5.61), 'D': (0, 0), 'E': (-13.75, -8.93)}
segments = [('A', 'E'), ('D', 'A'), ('D', 'E'), ('D', 'B'), ('D', 'C')]
label_pos = {'A': (5.8, 16.9), 'B': (-9.45, -15.1), 'C': (16.75, 6.1), 'D': (1.15, 1.15), 'E': (-14.95, -9.7)}

fig, ax = plt.subplots(figsize=(6.4, 6.4))
ax.add_patch(plt.Circle((0, 0), 16.3931, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-19.5, 19.5)
ax.set_ylim(-19.5, 19.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
