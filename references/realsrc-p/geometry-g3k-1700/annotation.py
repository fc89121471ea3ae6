import matplotlib.pyplot as plt

points = {'B': (0, 0), 'A': (13, 0), 'D': (18, 14.14), 'C': (5, 14.14), 'E': (5, 0)}
segments = [('B', 'A'), ('A', 'D'), ('D', 'C'), ('C', 'B'), ('C', 'E')]
label_pos = {'B': (-0.8, -0.7), 'A': (13.8, -0.7), 'D': (18.8, 14.85), 'C': (4.2, 14.85), 'E': (5, -1)}

fig, ax = plt.subplots(figsize=(6.4, 5.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.plot([4.3, 4.3, 5], [0, 0.7, 0.7], color='black', linewidth=1)
ax.text(11.5, 15, '13', fontsize=12, ha='center', va='center')
ax.text(1.6, 7.4, '15', fontsize=12, ha='center', va='center')
ax.text(2.5, -0.9, '5', fontsize=12, ha='center', va='center')
ax.set_title('perimeter = 2 · (13 + 15) = 56', fontsize=13)
ax.set_xlim(-2, 20)
ax.set_ylim(-2.2, 16.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
