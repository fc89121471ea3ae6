import matplotlib.pyplot as plt

points = {'A': (4, 0), 'B': (7, 3), 'C': (5, 8), 'D': (2, 4)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('A', 'C'), ('B', 'D')]
label_pos = {'A': (3.95, -0.4), 'B': (7.38, 2.89), 'C': (5.05, 8.4), 'D': (1.6, 4.04)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(4.65, 3.11, 'O', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(6.42, 5.67, '5.4', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(1, 8)
ax.set_ylim(-1, 9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
