import matplotlib.pyplot as plt

points = {'A': (27.98, 0), 'B': (12, 17.14), 'C': (0, 0), 'D': (12, 0)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C'), ('B', 'D')]
label_pos = {'A': (28.9, -0.7), 'B': (12, 18.3), 'C': (-0.9, -0.7), 'D': (12, -1.3)}

fig, ax = plt.subplots(figsize=(7.5, 5.3))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(6, -1.3, '12', fontsize=12, ha='center', va='center')
ax.text(24.3, 1.55, '47°', fontsize=12, ha='center', va='center')
ax.text(3.3, 1.6, '55°', fontsize=12, ha='center', va='center')
ax.plot([12, 13.2, 13.2], [1.2, 1.2, 0], color='black', linewidth=1)
ax.set_xlim(-2.5, 30.5)
ax.set_ylim(-3.0, 19.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
