import matplotlib.pyplot as plt

points = {'C': (0, 0), 'M': (-7.51, -1.08), 'N': (-4.98, 0.44), 'P': (1.95, 4.6), 'R': (-2.72, -4.19)}
segments = [('M', 'P')]
label_pos = {'C': (0.4, -0.45), 'M': (-8.05, -1.1), 'N': (-5.4, 1.05), 'P': (2.3, 5.15), 'R': (-3.05, -4.75)}

fig, ax = plt.subplots(figsize=(6.4, 5.6))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='black', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot(0, 0, 'o', color='black', markersize=4)
ax.set_xlim(-9, 6.5)
ax.set_ylim(-6.3, 6.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
