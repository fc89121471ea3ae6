import matplotlib.pyplot as plt

points = {'A': (1, 1), 'B': (6, -1), 'C': (3, 4), 'D': (2, 2.5)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('B', 'D')]
label_pos = {'A': (0.6, 0.94), 'B': (6.3, -1.26), 'C': (2.95, 4.4), 'D': (1.67, 2.72)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(3.33, -0.42, '5.4', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(2.98, 3.2, '65°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(0, 7)
ax.set_ylim(-2, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
