import matplotlib.pyplot as plt

points = {'A': (0, 16), 'B': (30, 0), 'C': (-12, 0), 'M': (0, 0)}
label_pos = {'A': (0, 17.1), 'B': (31.1, -0.6), 'C': (-13.1, -0.6), 'M': (0, -1.1)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'M'), ('C', 'B')]

fig, ax = plt.subplots(figsize=(8, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    style = '--' if (p, q) == ('A', 'M') else '-'
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5, linestyle=style)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-16, 34)
ax.set_ylim(-4, 19)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
