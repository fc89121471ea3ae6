import matplotlib.pyplot as plt

points = {'J': (0, 0), 'F': (-2.3, 1.93), 'H': (2.3, -1.93), 'G': (2.82, 1.03)}
segments = [('H', 'F'), ('F', 'G'), ('H', 'G')]
label_pos = {'F': (-2.55, 2.2), 'H': (2.55, -2.25), 'G': (3.2, 1.15), 'J': (-0.3, -0.38)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((0, 0), 3, fill=False, color='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot(0, 0, 'o', color='black', markersize=4)
ax.set_xlim(-3.6, 3.8)
ax.set_ylim(-3.5, 3.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
