import matplotlib.pyplot as plt

points = {'A': (2.82, 2.05), 'B': (3.81, -1.95), 'C': (11.63, 0), 'D': (0, 0), 'E': (8.61, 2.08),
          'F': (6.14, 0), 'G': (3.32, 0)}
segments = [('D', 'C'), ('A', 'D'), ('A', 'B'), ('B', 'E'), ('B', 'C')]
label_pos = {'A': (2.72, 2.4), 'B': (3.72, -2.35), 'C': (11.95, 0), 'D': (-0.35, 0), 'E': (8.85, 2.38),
             'F': (5.85, 0.32), 'G': (3.0, -0.35)}

fig, ax = plt.subplots(figsize=(9, 4.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    if (p, q) == ('D', 'C'):
        ax.plot([x1, x2], [y1, y2], color='blue', linestyle='--', linewidth=1.5)
    else:
        ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.85, 0.62, '104°', fontsize=11, ha='center', va='center')
ax.text(7.25, 0.38, '40°', fontsize=11, ha='center', va='center')
ax.text(1.3, 0.38, '36°', fontsize=11, ha='center', va='center')
ax.plot([3.738, 4.029, 4.101], [-1.659, -1.586, -1.877], color='black', linewidth=1)
ax.set_xlim(-0.8, 12.6)
ax.set_ylim(-2.8, 2.9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
