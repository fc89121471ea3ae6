import matplotlib.pyplot as plt

points = {'A': (5.8, 9.1), 'B': (0, 0), 'C': (5.8, 0)}
segments = [('B', 'C'), ('C', 'A')]
label_pos = {'A': (5.93, 9.53), 'B': (-0.39, -0.22), 'C': (6.12, -0.32)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['A'][0], points['B'][0]], [points['A'][1], points['B'][1]], color='black', linewidth=1.5, linestyle='--')
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot([5.3, 5.3, 5.8], [0, 0.5, 0.5], color='black', linewidth=1)
ax.set_xlim(-1, 6.7)
ax.set_ylim(-0.9, 10.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
