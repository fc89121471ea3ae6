import matplotlib.pyplot as plt

points = {'G': (0, 0), 'F': (0, 4.2), 'D': (-5.57, 4.2), 'A': (5.01, 4.2), 'C': (5.01, 0), 'B': (2.94, 2.46)}
segments = [('D', 'A'), ('G', 'D'), ('G', 'F'), ('G', 'A'), ('G', 'C'), ('A', 'C'), ('C', 'B')]
label_pos = {'G': (0, -0.4), 'F': (0, 4.58), 'D': (-5.85, 4.5), 'A': (5.3, 4.5), 'C': (5.3, -0.3), 'B': (2.62, 2.8)}

fig, ax = plt.subplots(figsize=(8, 4.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-0.62, 1.25, '53°', fontsize=12, ha='center', va='center')
ax.text(1.75, 0.5, '40°', fontsize=12, ha='center', va='center')
ax.plot([-0.35, -0.35, 0], [4.2, 3.85, 3.85], color='black', linewidth=1)
ax.plot([0, 0.35, 0.35], [0.35, 0.35, 0], color='black', linewidth=1)
ax.plot([2.71, 2.9, 3.13], [2.27, 2.04, 2.23], color='black', linewidth=1)
ax.set_title('∠ADG = 90° − 53° = 37°', fontsize=13)
ax.set_xlim(-6.6, 6.2)
ax.set_ylim(-1, 5.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
