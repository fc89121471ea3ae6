import matplotlib.pyplot as plt

points = {'A': (0, 5), 'B': (1, -1), 'C': (7, 1), 'E': (3.5, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'E')]
label_pos = {'A': (-0.25, 5.31), 'B': (0.79, -1.34), 'C': (7.4, 0.94), 'E': (3.7, 3.35)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(6.2, 1.08, '48°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4.14, -0.43, '6.3', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
