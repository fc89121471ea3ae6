import matplotlib.pyplot as plt

points = {'P': (0, 0), 'Q': (0, 17), 'R': (-7.06, 3.76)}
label_pos = {'P': (0.6, -0.9), 'Q': (0, 17.9), 'R': (-7.9, 3.76)}
segments = [('Q', 'R'), ('Q', 'P'), ('R', 'P')]

fig, ax = plt.subplots(figsize=(5, 6.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-11, 5)
ax.set_ylim(-2.5, 19.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
