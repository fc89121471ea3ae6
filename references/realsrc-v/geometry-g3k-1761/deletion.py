import matplotlib.pyplot as plt

points = {'A': (0, 0), 'C': (14, 0), 'B': (14, -8.08)}
label_pos = {'A': (-0.6, 0), 'C': (14.45, 0.45), 'B': (14, -8.7)}
segments = [('A', 'B'), ('A', 'C')]

fig, ax = plt.subplots(figsize=(7, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1.5, 16)
ax.set_ylim(-9.6, 1.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()

