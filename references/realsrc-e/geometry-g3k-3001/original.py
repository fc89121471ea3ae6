import matplotlib.pyplot as plt

points = {'C': (0, 0), 'J': (-2, 0), 'K': (-1.73, 1)}
segments = [('C', 'J'), ('C', 'K'), ('K', 'J')]
label_pos = {'C': (0.05, -0.3), 'J': (-2.35, 0), 'K': (-2.03, 1.18)}

fig, ax = plt.subplots(figsize=(5, 5))
ax.add_patch(plt.Circle((0, 0), 2, fill=False, color='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2.8, 2.8)
ax.set_ylim(-2.8, 2.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
