import matplotlib.pyplot as plt

points = {'A': (0, 12), 'B': (0, 0), 'C': (-6.93, 0), 'D': (6.93, 0)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'D'), ('C', 'D')]
label_pos = {'A': (0, 12.8), 'B': (0, -0.8), 'C': (-7.6, -0.6), 'D': (7.6, -0.6)}

fig, ax = plt.subplots(figsize=(6, 5.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-9, 9)
ax.set_ylim(-2, 14)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
