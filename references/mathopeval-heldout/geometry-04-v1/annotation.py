import matplotlib.pyplot as plt

points = {'A': (2, 5), 'B': (0, -1), 'C': (8, -1), 'D': (1.33, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (1.87, 5.38), 'B': (-0.34, -1.21), 'C': (8.37, -1.16), 'D': (0.95, 3.13)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(2.18, 4.22, '63°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4, -1.45, '8', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 9)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
