import matplotlib.pyplot as plt

points = {'A': (7.5, 4.33), 'B': (0, 4.33), 'C': (7.5, 0), 'D': (0, 0)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'D'), ('C', 'D'), ('B', 'C')]
label_pos = {'A': (7.8, 4.62), 'B': (-0.3, 4.62), 'C': (7.8, -0.3), 'D': (-0.3, -0.3)}

fig, ax = plt.subplots(figsize=(7, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.75, 4.68, '15', fontsize=12, ha='center', va='center')
ax.text(3.75, -0.36, '15', fontsize=12, ha='center', va='center')
ax.text(5.95, 0.38, '30°', fontsize=11, ha='center', va='center')
ax.plot([7.2, 7.2, 7.5], [4.33, 4.03, 4.03], color='black', linewidth=1)
ax.plot([0, 0.3, 0.3], [0.3, 0.3, 0], color='black', linewidth=1)
ax.set_xlim(-0.9, 8.4)
ax.set_ylim(-0.9, 5.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
