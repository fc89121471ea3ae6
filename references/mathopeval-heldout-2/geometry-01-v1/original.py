import matplotlib.pyplot as plt

points = {'A': (2, 5), 'B': (1, 1), 'C': (8, 0), 'D': (5, 0.43)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('A', 'D')]
label_pos = {'A': (1.81, 5.35), 'B': (0.63, 0.86), 'C': (8.36, -0.17), 'D': (4.94, 0.03)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(-1, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
