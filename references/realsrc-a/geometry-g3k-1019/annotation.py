import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (9.1, 0), 'C': (5.8, 4.4), 'D': (5.8, 0)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C'), ('C', 'D')]
label_pos = {'A': (-0.43, -0.14), 'B': (9.5, -0.2), 'C': (5.86, 4.85), 'D': (5.8, -0.45)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot([6.15, 6.15, 5.8], [0, 0.35, 0.35], color='black', linewidth=1)
ax.text(5.45, 2.2, '4', fontsize=12, ha='center', va='center')
ax.text(7.45, -0.45, '3', fontsize=12, ha='center', va='center')
ax.text(7.81, 2.47, '5', fontsize=12, ha='center', va='center')
ax.set_xlim(-1, 10.1)
ax.set_ylim(-1.1, 5.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
