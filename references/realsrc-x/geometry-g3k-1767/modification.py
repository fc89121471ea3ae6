import matplotlib.pyplot as plt

points = {'M': (0, 0), 'P': (11, 0), 'O': (38, 0), 'N': (11, 17.23)}
label_pos = {'M': (-1.3, -1.3), 'P': (11, -1.6), 'O': (39.3, -1.3), 'N': (11, 18.6)}
segments = [('M', 'N'), ('N', 'O'), ('M', 'O'), ('N', 'P')]

fig, ax = plt.subplots(figsize=(8, 4.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    style = '--' if (p, q) == ('N', 'P') else '-'
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5, linestyle=style)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-3, 41)
ax.set_ylim(-4, 21)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
