import matplotlib.pyplot as plt

points = {'V': (3.2, 2.4), 'W': (1.4, 0), 'X': (0, 4.8), 'Y': (5, 4.8), 'Z': (6.4, 0)}
segments = [('X', 'Y'), ('Y', 'Z'), ('Z', 'W'), ('W', 'X'), ('X', 'Z'), ('W', 'Y')]
label_pos = {'V': (2.66, 2.4), 'W': (1.05, -0.32), 'X': (-0.35, 5.12), 'Y': (5.35, 5.12), 'Z': (6.75, -0.32)}

fig, ax = plt.subplots(figsize=(7, 5.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(2.6, 0.98, '3', fontsize=12, ha='center', va='center')
ax.text(1.8, 3.9, '4', fontsize=12, ha='center', va='center')
ax.text(4.6, 0.9, '4', fontsize=12, ha='center', va='center')
ax.text(4.76, 3.5, '53°', fontsize=12, ha='center', va='center')
ax.plot([3.38, 3.62, 3.44], [2.64, 2.46, 2.22], color='black', linewidth=1)
ax.set_xlim(-1.0, 7.5)
ax.set_ylim(-1.5, 6.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
