import matplotlib.pyplot as plt

points = {'A': (-1, 0), 'B': (8, -1), 'C': (6, 5), 'D': (2, 4)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A')]
label_pos = {'A': (-1.37, -0.16), 'B': (8.33, -1.23), 'C': (6.24, 5.32), 'D': (1.74, 4.3)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 9)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
