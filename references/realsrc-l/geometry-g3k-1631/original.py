import matplotlib.pyplot as plt

points = {'M': (-7.18, 8.46), 'N': (12.87, 8.46), 'P': (7.18, -8.46), 'Q': (0, 0), 'R': (-12.87, -8.46)}
segments = [('M', 'N'), ('N', 'P'), ('P', 'R'), ('R', 'M'), ('M', 'P'), ('R', 'N')]
label_pos = {'M': (-7.6, 9.4), 'N': (13.6, 9.3), 'P': (7.6, -9.4), 'Q': (0, -1.2), 'R': (-13.6, -9.3)}

fig, ax = plt.subplots(figsize=(8, 5.8))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(2.2, -0.3, '83°', fontsize=11, ha='center', va='center')
ax.text(8.55, 7.2, '33°', fontsize=11, ha='center', va='center')
ax.text(-10.1, -4.9, '38°', fontsize=11, ha='center', va='center')
ax.set_xlim(-15, 15.5)
ax.set_ylim(-11, 10.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
