import matplotlib.pyplot as plt

points = {'W': (2.12, 2.12), 'X': (-2.12, 2.12), 'Y': (-2.12, -2.12), 'Z': (2.12, -2.12), 'T': (0, 0)}
segments = [('X', 'W'), ('W', 'Z'), ('Z', 'Y'), ('Y', 'X'), ('X', 'Z'), ('W', 'Y')]
label_pos = {'W': (2.5, 2.5), 'X': (-2.5, 2.5), 'Y': (-2.5, -2.5), 'Z': (2.5, -2.5), 'T': (0, -0.5)}

fig, ax = plt.subplots(figsize=(5.6, 5.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
for (cx, cy), (sx, sy) in [((-2.12, 2.12), (1, -1)), ((2.12, 2.12), (-1, -1)), ((2.12, -2.12), (-1, 1)), ((-2.12, -2.12), (1, 1))]:
    ax.plot([cx + 0.3 * sx, cx + 0.3 * sx, cx], [cy, cy + 0.3 * sy, cy + 0.3 * sy], color='black', linewidth=1)
ax.set_xlim(-3.2, 3.2)
ax.set_ylim(-3.2, 3.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
