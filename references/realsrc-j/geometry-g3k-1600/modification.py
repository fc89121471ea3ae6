import matplotlib.pyplot as plt

points = {'A': (4, 3.46), 'C': (2, 3.46), 'B': (0, 0), 'O': (2, 0)}
segments = [('A', 'C'), ('C', 'B'), ('B', 'O'), ('O', 'A'), ('C', 'O')]
label_pos = {'A': (4.3, 3.72), 'C': (1.87, 3.78), 'B': (-0.3, -0.2), 'O': (2.12, -0.3)}

fig, ax = plt.subplots(figsize=(6.5, 4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.8, 6.5)
ax.set_ylim(-0.8, 4.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
