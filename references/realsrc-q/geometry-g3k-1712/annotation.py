import matplotlib.pyplot as plt

points = {'C': (-17.2, 0), 'R': (-12.3, 0), 'T': (0, 0), 'S': (0, -8), 'W': (0, 8)}
segments = [('C', 'T'), ('R', 'S'), ('R', 'W'), ('S', 'W')]
label_pos = {'C': (-17.9, 0), 'R': (-12.6, 0.75), 'T': (0.7, 0), 'S': (0.4, -8.6), 'W': (0.4, 8.6)}

fig, ax = plt.subplots(figsize=(7.5, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot([-0.7, -0.7, 0], [0, 0.7, 0.7], color='black', linewidth=1)
ax.text(0.5, 4, '4x − 4', fontsize=12, ha='left', va='center')
ax.text(0.5, -4, '2x + 2', fontsize=12, ha='left', va='center')
ax.set_title('4x − 4 = 2x + 2, so x = 3 and SW = 8 + 8 = 16', fontsize=13)
ax.set_xlim(-19, 3.5)
ax.set_ylim(-10, 10)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
