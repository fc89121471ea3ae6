import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (6, 0), 'C': (1, 5), 'D': (4, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.33, -0.23), 'B': (6.36, -0.17), 'C': (0.85, 5.37), 'D': (4, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.62, 0.51, '79°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(1.8, -0.45, '6', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 7)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
