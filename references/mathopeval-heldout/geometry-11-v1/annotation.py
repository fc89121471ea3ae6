import matplotlib.pyplot as plt

points = {'A': (0, -1), 'B': (9, 0), 'C': (2, 5), 'D': (5.62, -0.38)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (-0.34, -1.21), 'B': (9.39, -0.1), 'C': (1.83, 5.36), 'D': (5.67, -0.77)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.62, -0.5, '65°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4.55, -0.95, '9.1', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 10)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
