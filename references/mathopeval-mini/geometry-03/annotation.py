import matplotlib.pyplot as plt

points = {'A': (3, 4), 'B': (0, 0), 'C': (6, 0), 'D': (2, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('A', 'D')]
label_pos = {'A': (3, 4.4), 'B': (-0.37, -0.16), 'C': (6.37, -0.16), 'D': (2, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(1.14, 2.27, '5', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4.86, 2.27, '5', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 7)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
