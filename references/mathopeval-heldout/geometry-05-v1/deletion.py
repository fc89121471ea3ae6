import matplotlib.pyplot as plt

points = {'A': (1, -1), 'B': (6, 0), 'C': (7, 4), 'D': (2, 4)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C')]
label_pos = {'A': (0.71, -1.27), 'B': (6.3, -0.26), 'C': (7.32, 4.24), 'D': (1.73, 4.3)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 8)
ax.set_ylim(-2, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
