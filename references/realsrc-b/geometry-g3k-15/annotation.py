import matplotlib.pyplot as plt

points = {'A': (5.8, 9.1), 'B': (0, 0), 'C': (5.8, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (5.93, 9.53), 'B': (-0.39, -0.22), 'C': (6.12, -0.32)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot([5.3, 5.3, 5.8], [0, 0.5, 0.5], color='black', linewidth=1)
ax.text(2.48, 4.82, '10', fontsize=12, ha='center', va='center')
ax.text(1.14, 0.63, '60°', fontsize=11, ha='center', va='center')
ax.text(2.9, -0.45, 'x', fontsize=13, ha='center', va='center')
ax.text(6.25, 4.55, 'y', fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 6.7)
ax.set_ylim(-0.9, 10.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
