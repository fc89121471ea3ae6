import matplotlib.pyplot as plt

points = {'C': (0, 0), 'B': (20, 0), 'A': (20, 15)}
segments = [('C', 'A'), ('C', 'B'), ('B', 'A')]
label_pos = {'C': (-0.8, -0.6), 'B': (20.8, -0.6), 'A': (20.8, 15.6)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 23)
ax.set_ylim(-2.5, 17)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
