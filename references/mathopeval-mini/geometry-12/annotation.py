import matplotlib.pyplot as plt

points = {'A': (1, 6), 'B': (0, 0), 'C': (8, 0), 'D': (0.5, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (0.82, 6.36), 'B': (-0.33, -0.22), 'C': (8.37, -0.15), 'D': (0.11, 3.07)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(4, -0.45, '8', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(0.61, 0.52, '81°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-1, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
