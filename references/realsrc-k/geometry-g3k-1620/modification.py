import matplotlib.pyplot as plt

points = {'V': (3.2, 2.4), 'W': (0.8, -0.8), 'X': (0, 4.8), 'Y': (5.6, 5.6), 'Z': (6.4, 0)}
segments = [('X', 'Y'), ('Y', 'Z'), ('Z', 'W'), ('W', 'X'), ('X', 'Z'), ('W', 'Y')]
label_pos = {'V': (2.66, 2.4), 'W': (0.56, -1.12), 'X': (-0.35, 5.12), 'Y': (5.84, 5.92), 'Z': (6.75, -0.32)}

fig, ax = plt.subplots(figsize=(7, 5.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-1.0, 7.5)
ax.set_ylim(-1.5, 6.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
