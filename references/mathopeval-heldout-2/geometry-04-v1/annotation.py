import matplotlib.pyplot as plt

points = {'A': (4, 7), 'B': (1, 1), 'C': (8, 1), 'D': (3, 5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (3.97, 7.4), 'B': (0.66, 0.79), 'C': (8.35, 0.81), 'D': (2.64, 5.18)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(4.05, 6.2, '60°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4.5, 0.55, '7', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(0, 8)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
