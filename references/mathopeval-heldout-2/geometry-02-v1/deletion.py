import matplotlib.pyplot as plt

points = {'A': (-1, 7), 'B': (-1, 0), 'C': (9, 0), 'D': (-1, 3.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (-1.23, 7.33), 'B': (-1.33, -0.23), 'C': (9.38, -0.13), 'D': (-1.4, 3.5)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 10)
ax.set_ylim(-1, 8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
