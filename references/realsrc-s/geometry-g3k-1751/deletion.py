import matplotlib.pyplot as plt

points = {'C': (0, 0), 'B': (4, 0), 'E': (3.32, 1.88), 'A': (1.26, 7.52), 'D': (0, 3.87)}
segments = [('B', 'A')]
label_pos = {'C': (0, -0.45), 'B': (4.35, -0.35), 'E': (3.78, 2.05), 'A': (1.6, 7.95), 'D': (0.35, 3.5)}

fig, ax = plt.subplots(figsize=(6, 5.8))
ax.add_patch(plt.Circle((0, 3.87), 3.87, fill=False, color='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot(0, 3.87, 'o', color='black', markersize=4)
ax.set_xlim(-4.6, 5.2)
ax.set_ylim(-1, 8.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
