import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (8.38, -6.9), 'C': (8.04, 5.95), 'D': (-5.75, 4.74), 'E': (-5.23, -3.87)}
segments = [('D', 'B'), ('C', 'E'), ('B', 'C'), ('D', 'E')]
label_pos = {'A': (0, 0.85), 'B': (8.95, -7.4), 'C': (8.6, 6.45), 'D': (-6.35, 5.15), 'E': (-5.8, -4.35)}

fig, ax = plt.subplots(figsize=(6.4, 6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='blue' if (p, q) == ('D', 'E') else 'black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(7.2, 4.25, '55°', fontsize=10, ha='center', va='center')
ax.text(-4.85, 3.0, '47°', fontsize=10, ha='center', va='center')
ax.text(-4.4, -2.1, '57°', fontsize=10, ha='center', va='center')
ax.set_xlim(-7.5, 10)
ax.set_ylim(-8.5, 7.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
