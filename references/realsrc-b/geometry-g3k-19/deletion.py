import matplotlib.pyplot as plt

points = {'A': (5.6, 7.7), 'B': (9.4, 3.9), 'C': (5.6, 0), 'D': (0, 3.9), 'E': (5.6, 3.9)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('B', 'D')]
label_pos = {'A': (5.64, 8.15), 'B': (9.85, 3.9), 'C': (5.64, -0.45), 'D': (-0.45, 3.9), 'E': (5.92, 4.22)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1.1, 10.4)
ax.set_ylim(-1.1, 8.8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
