import matplotlib.pyplot as plt

points = {'A': (5.74, 0), 'B': (5.74, 9.38), 'C': (0, 0), 'D': (1.57, 2.56)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C'), ('A', 'D')]
label_pos = {'A': (6.15, -0.4), 'B': (5.74, 9.85), 'C': (-0.45, -0.4), 'D': (1.1, 2.86)}

fig, ax = plt.subplots(figsize=(5.2, 7))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.19, 6.26, '8', fontsize=12, ha='center', va='center')
ax.text(0.32, 1.57, '3', fontsize=12, ha='center', va='center')
ax.plot([5.34, 5.34, 5.74], [0, 0.4, 0.4], color='black', linewidth=1)
ax.plot([1.78, 2.12, 1.91], [2.90, 2.69, 2.35], color='black', linewidth=1)
ax.set_xlim(-1.3, 7.0)
ax.set_ylim(-1.0, 10.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
