import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (10.08, 0), 'C': (10.08, 4.4), 'D': (12, 0)}
segments = [('A', 'D'), ('D', 'C'), ('C', 'A'), ('C', 'B')]
label_pos = {'A': (-0.42, -0.15), 'B': (10.08, -0.45), 'C': (10.08, 4.83), 'D': (12.42, -0.15)}

fig, ax = plt.subplots(figsize=(7.5, 3.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 13)
ax.set_ylim(-1, 5.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
