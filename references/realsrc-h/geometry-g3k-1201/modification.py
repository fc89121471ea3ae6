import matplotlib.pyplot as plt

points = {'A': (3, 6), 'B': (6, 0), 'C': (0, 0), 'H': (3, 0)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C'), ('A', 'H')]
label_pos = {'A': (3, 6.35), 'B': (6.35, -0.2), 'C': (-0.35, -0.2), 'H': (3, -0.35)}

fig, ax = plt.subplots(figsize=(6, 4.8))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 7)
ax.set_ylim(-1, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
