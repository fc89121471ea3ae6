import matplotlib.pyplot as plt

points = {'A': (-10, 0), 'B': (0, 0), 'C': (0, 4.45), 'D': (-5, 2.23)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'D')]
label_pos = {'A': (-10.45, -0.35), 'B': (0.4, -0.35), 'C': (0.35, 4.8), 'D': (-5.3, 2.75)}

fig, ax = plt.subplots(figsize=(8, 4.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='red' if (p, q) == ('B', 'D') else 'black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-11.2, 1.2)
ax.set_ylim(-1, 5.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
