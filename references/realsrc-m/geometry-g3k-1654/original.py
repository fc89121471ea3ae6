import matplotlib.pyplot as plt

points = {'R': (0, 0), 'S': (2.46, 13.93), 'T': (11.58, 8.11), 'U': (13.93, -2.46), 'V': (8.19, 5.74),
          'W': (4.84, -13.29), 'X': (-5.98, -12.82), 'Y': (-13.29, -4.84), 'Z': (-4.23, -9.06)}
segments = [('R', 'T'), ('R', 'X'), ('U', 'S'), ('Y', 'W')]
label_pos = {'R': (-0.95, 0.8), 'S': (2.71, 15.36), 'T': (12.78, 8.95), 'U': (15.36, -2.71), 'V': (7.91, 4.16),
             'W': (5.34, -14.66), 'X': (-6.59, -14.14), 'Y': (-14.66, -5.34), 'Z': (-3.72, -10.47)}

fig, ax = plt.subplots(figsize=(6.4, 6.4))
ax.add_patch(plt.Circle((0, 0), 14.1421, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-17.5, 17.5)
ax.set_ylim(-17.5, 17.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
