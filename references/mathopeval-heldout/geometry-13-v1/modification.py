import matplotlib.pyplot as plt

points = {'A': (1, 0), 'B': (7, 1), 'C': (2, 6), 'D': (5, 0.67), 'M': (1.5, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (0.72, -0.28), 'B': (7.38, 0.86), 'C': (1.86, 6.38), 'D': (5.07, 0.27), 'M': (1.11, 3.07)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
ax.plot([points['B'][0], points['M'][0]], [points['B'][1], points['M'][1]], color='#C44E52', linestyle='--', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(0, 8)
ax.set_ylim(-1, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
