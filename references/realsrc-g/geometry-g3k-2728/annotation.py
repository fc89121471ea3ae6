import matplotlib.pyplot as plt

points = {'A': (0, 5), 'E': (4.76, 1.55), 'C': (2.94, -4.05), 'I': (-2.94, -4.05), 'F': (-4.76, 1.55), 'D': (0, 0)}
segments = [('A', 'E'), ('E', 'C'), ('C', 'I'), ('I', 'F'), ('F', 'A'), ('D', 'I')]
label_pos = {'A': (0, 5.45), 'E': (5.2, 1.7), 'C': (3.2, -4.45), 'I': (-3.2, -4.45), 'F': (-5.2, 1.7), 'D': (0.35, 0.3)}

fig, ax = plt.subplots(figsize=(5.5, 5.5))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='black', linewidth=1.5))
ax.plot([0], [0], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-1.9, -1.72, '10', fontsize=12, ha='center', va='center')
ax.text(0, 3.85, '108°', fontsize=11, ha='center', va='center')
ax.set_xlim(-6, 6)
ax.set_ylim(-6, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
