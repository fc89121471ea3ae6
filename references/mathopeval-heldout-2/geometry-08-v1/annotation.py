import matplotlib.pyplot as plt

points = {'A': (3, 6), 'B': (1, 0), 'C': (8, -1), 'E': (5.5, 2.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'E')]
label_pos = {'A': (2.91, 6.39), 'B': (0.65, -0.19), 'C': (8.33, -1.22), 'E': (5.83, 2.73)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(1.57, 3.14, '6.3', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(7.32, -0.58, '46°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(0, 9)
ax.set_ylim(-2, 7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
