import matplotlib.pyplot as plt

points = {'L': (0, 0), 'A': (1.73, 0), 'F': (1.73, 3), 'B': (0.43, 0.75)}
segments = [('L', 'A'), ('A', 'F'), ('F', 'L')]
label_pos = {'L': (-0.12, -0.12), 'A': (1.85, -0.12), 'F': (1.73, 3.17), 'B': (0.26, 0.85)}

fig, ax = plt.subplots(figsize=(6, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.7, 2.5)
ax.set_ylim(-0.45, 3.45)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
