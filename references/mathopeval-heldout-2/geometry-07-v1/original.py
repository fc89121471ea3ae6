import matplotlib.pyplot as plt

points = {'A': (1, 5), 'B': (0, -1), 'C': (7, -1), 'E': (4, 2)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'E')]
label_pos = {'A': (0.85, 5.37), 'B': (-0.32, -1.24), 'C': (7.36, -1.17), 'E': (4.28, 2.28)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
