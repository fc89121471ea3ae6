import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (7.75, 0), 'C': (0, -6.32), 'D': (3.1, -3.79)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C')]
label_pos = {'A': (-0.45, 0.4), 'B': (8.25, 0.3), 'C': (-0.4, -6.75), 'D': (3.45, -4.22)}

fig, ax = plt.subplots(figsize=(6, 5.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1.2, 9)
ax.set_ylim(-7.5, 1.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
