import matplotlib.pyplot as plt

points = {'A': (0, 0), 'D': (12, 0), 'B': (12, 12), 'C': (0, 12)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'D'), ('B', 'C'), ('B', 'D')]
label_pos = {'A': (-0.7, -0.7), 'D': (12.7, -0.7), 'B': (12.7, 12.7), 'C': (-0.7, 12.7)}

fig, ax = plt.subplots(figsize=(6, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2.5, 14.5)
ax.set_ylim(-2.5, 14.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
