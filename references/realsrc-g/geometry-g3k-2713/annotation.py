import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (-1.82, 7.91), 'C': (6.88, 7.91), 'D': (8.7, 0), 'F': (3.44, 3.96)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (-0.35, -0.3), 'B': (-2.15, 8.2), 'C': (7.2, 8.2), 'D': (9.05, -0.3), 'F': (3.44, 3.35)}

fig, ax = plt.subplots(figsize=(6.2, 5.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(6.55, 6.55, '54°', fontsize=11, ha='center', va='center')
ax.text(1.55, 0.62, '49°', fontsize=11, ha='center', va='center')
ax.text(4.35, -0.42, '29', fontsize=12, ha='center', va='center')
ax.set_xlim(-2.8, 9.8)
ax.set_ylim(-1, 8.9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
