import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (8, 0), 'C': (2, 5), 'D': (5, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.36, -0.18), 'B': (8.38, -0.13), 'C': (1.85, 5.37), 'D': (5, -0.4)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.66, 0.45, '68°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(2.4, -0.45, '8', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
