import matplotlib.pyplot as plt

points = {'A': (0, 26.74), 'B': (36, 26.74), 'C': (27, 0), 'D': (9, 0), 'P': (18, 8.91)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (-1.3, 28.1), 'B': (37.3, 28.1), 'C': (28.3, -1.4), 'D': (7.7, -1.4), 'P': (18, 6.8)}

fig, ax = plt.subplots(figsize=(7, 5.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(7.73, 16.55, '3x − 7', fontsize=12, ha='center', va='center')
ax.text(28.27, 16.55, '2x + 8', fontsize=12, ha='center', va='center')
ax.set_title('x = 15, AC = BD = 38', fontsize=13)
ax.set_xlim(-3.5, 39.5)
ax.set_ylim(-4, 30.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
