import matplotlib.pyplot as plt

points = {'A': (1, 4.899), 'B': (0, 0), 'C': (6, 0), 'D': (9.1, 2.9394), 'E': (8.5, 0), 'F': (12.1, 0)}
label_pos = {'A': (1, 5.35), 'B': (-0.35, -0.35), 'C': (6.35, -0.35),
             'D': (9.1, 3.4), 'E': (8.15, -0.35), 'F': (12.45, -0.35)}
segments = [('A', 'B'), ('B', 'C'), ('A', 'C'), ('D', 'E'), ('E', 'F'), ('D', 'F')]

fig, ax = plt.subplots(figsize=(8, 4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.text(0.1, 2.55, '5', fontsize=12, ha='right', va='center')
ax.text(3, -0.3, '6', fontsize=12, ha='center', va='top')
ax.text(3.85, 2.65, '7', fontsize=12, ha='left', va='bottom')
ax.text(8.45, 1.55, '3', fontsize=12, ha='right', va='center')
ax.text(10.3, -0.3, '3.6', fontsize=12, ha='center', va='top')
ax.text(10.85, 1.6, '4.2', fontsize=12, ha='left', va='bottom')
ax.set_title('Perimeter of triangle DEF = 10.8', fontsize=14)
ax.set_xlim(-1, 13.2)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
