import matplotlib.pyplot as plt

points = {'A': (5.66, 2.83), 'C': (2.83, 2.83), 'B': (0, 0), 'O': (2.83, 0)}
segments = [('A', 'C'), ('C', 'B'), ('B', 'O'), ('O', 'A'), ('C', 'O')]
label_pos = {'A': (5.95, 3.1), 'C': (2.7, 3.15), 'B': (-0.3, -0.2), 'O': (2.95, -0.3)}

fig, ax = plt.subplots(figsize=(6.5, 4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.8, 6.5)
ax.set_ylim(-0.8, 3.7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
