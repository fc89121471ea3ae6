import matplotlib.pyplot as plt

points = {'A': (3, 4), 'B': (1, 0), 'C': (7, 1), 'D': (3, 0.33)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A')]
label_pos = {'A': (2.89, 4.38), 'B': (0.66, -0.21), 'C': (7.39, 0.92), 'D': (3.07, -0.06)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 8)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
