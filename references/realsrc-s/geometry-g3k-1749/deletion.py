import matplotlib.pyplot as plt

points = {'R': (0, 0), 'T': (13, 0), 'S': (20.83, 11.61), 'X': (10.42, 5.81), 'Y': (6.5, 0), 'Z': (16.92, 5.81)}
segments = [('R', 'T'), ('T', 'S'), ('S', 'R'), ('X', 'Z')]
label_pos = {'R': (-0.7, -0.7), 'T': (13.5, -0.7), 'S': (21.5, 12.2), 'X': (9.95, 6.55), 'Y': (6.5, -0.75), 'Z': (17.6, 5.35)}

fig, ax = plt.subplots(figsize=(8, 5.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 23)
ax.set_ylim(-2.6, 13.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
