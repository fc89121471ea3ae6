import matplotlib.pyplot as plt

points = {'A': (2.1, 7.2), 'B': (9.6, 7.2), 'C': (7.5, 0), 'D': (0, 0), 'P': (4.8, 3.6)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (1.8, 7.6), 'B': (9.95, 7.6), 'C': (7.85, -0.4), 'D': (-0.35, -0.4), 'P': (4.72, 3.03)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1, 10.6)
ax.set_ylim(-1, 8.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
