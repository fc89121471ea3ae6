import matplotlib.pyplot as plt

points = {'A': (1, 5), 'B': (-1, 1), 'C': (7, -1), 'D': (0, 3)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('C', 'D')]
label_pos = {'A': (0.85, 5.37), 'B': (-1.39, 0.92), 'C': (7.35, -1.2), 'D': (-0.36, 3.18)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(2.89, -0.44, '8.2', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(-0.27, 1.33, '77°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-2, 8)
ax.set_ylim(-2, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
