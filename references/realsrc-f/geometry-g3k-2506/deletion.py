import matplotlib.pyplot as plt

points = {'J': (0.83, 4.72), 'K': (9.83, 4.72), 'L': (9, 0), 'M': (0, 0), 'R': (4.92, 2.36)}
segments = [('J', 'K'), ('K', 'L'), ('L', 'M'), ('J', 'L'), ('K', 'M')]
label_pos = {'J': (0.5, 5.05), 'K': (10.15, 5.05), 'L': (9.3, -0.3), 'M': (-0.3, -0.3), 'R': (4.92, 1.88)}

fig, ax = plt.subplots(figsize=(7.5, 4.3))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 10.8)
ax.set_ylim(-0.9, 5.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
