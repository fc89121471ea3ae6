import matplotlib.pyplot as plt

points = {'A': (9, 3.8), 'B': (2.3, 3.8), 'C': (6.7, 0), 'D': (0, 0), 'E': (2.3, 0)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'D'), ('C', 'D'), ('B', 'E')]
label_pos = {'A': (9.39, 4.02), 'B': (2.08, 4.19), 'C': (6.92, -0.39), 'D': (-0.39, -0.22), 'E': (2.3, -0.45)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.74, 0.42, '60°', fontsize=10, ha='center', va='center')
ax.text(4.3, -0.45, '23', fontsize=12, ha='center', va='center')
ax.text(8.23, 1.67, '16', fontsize=12, ha='center', va='center')
ax.set_xlim(-1, 10)
ax.set_ylim(-1.1, 4.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
