import matplotlib.pyplot as plt

points = {'A': (0, 0), 'E': (4.98, -0.44), 'D': (3.41, -3.66), 'C': (-4.98, 0.44), 'B': (-3.41, 3.66)}
segments = [('C', 'E'), ('D', 'B'), ('E', 'D')]
label_pos = {'A': (-0.26, -0.6), 'E': (5.53, -0.48), 'D': (3.79, -4.06), 'C': (-5.53, 0.48), 'B': (-3.79, 4.06)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='blue', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot(0, 0, 'o', color='black', markersize=4)
ax.set_xlim(-6.5, 6.5)
ax.set_ylim(-6.5, 6.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
