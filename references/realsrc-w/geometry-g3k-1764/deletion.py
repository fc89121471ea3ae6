import matplotlib.pyplot as plt

points = {'G': (0, 0), 'H': (39, 0), 'F': (35.29, 16.59)}
label_pos = {'G': (-1.2, -1.2), 'H': (40.2, -1.2), 'F': (35.29, 18.0)}
segments = [('G', 'F'), ('G', 'H')]

fig, ax = plt.subplots(figsize=(8, 4.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-3, 43)
ax.set_ylim(-3.5, 20)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
