import matplotlib.pyplot as plt

points = {'K': (0, 0), 'P': (12, 0), 'L': (36, 0), 'M': (12, -16),
          'Z': (40, -13), 'Q': (58, -13), 'X': (67, -13), 'Y': (58, -1)}
segments = [('M', 'K'), ('M', 'P'), ('M', 'L'), ('P', 'K'), ('P', 'L'),
            ('Y', 'Z'), ('Y', 'Q'), ('Y', 'X'), ('Z', 'Q'), ('Q', 'X')]
label_pos = {'K': (-1.3, 0.9), 'P': (12, 1.3), 'L': (37.3, 0.9), 'M': (12, -17.4),
             'Z': (38.7, -13.9), 'Q': (58, -14.4), 'X': (68.3, -13.9), 'Y': (58, 0.4)}

fig, ax = plt.subplots(figsize=(11, 3.9))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-3, 70.5)
ax.set_ylim(-19, 2.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
