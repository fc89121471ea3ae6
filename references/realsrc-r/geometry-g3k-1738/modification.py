import matplotlib.pyplot as plt

points = {'C': (0, 0), 'A': (30, 0), 'B': (0, 17.32), 'E': (7.5, 12.99)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'E')]
label_pos = {'C': (-1.1, -1.1), 'A': (31.1, -1.1), 'B': (-1.1, 18.3), 'E': (8.2, 14.2)}

fig, ax = plt.subplots(figsize=(8, 5.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='blue' if (p, q) == ('C', 'E') else 'black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-4, 33)
ax.set_ylim(-2.5, 20.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
