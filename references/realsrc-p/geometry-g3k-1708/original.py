import matplotlib.pyplot as plt

points = {'J': (0, 0), 'K': (4.38, 0), 'M': (4.8, -2.66), 'L': (2.14, -1.19)}
segments = [('J', 'K'), ('K', 'M'), ('J', 'M'), ('K', 'L')]
label_pos = {'J': (-0.22, 0.12), 'K': (4.58, 0.14), 'M': (4.96, -2.84), 'L': (1.98, -1.47)}

fig, ax = plt.subplots(figsize=(6.4, 4.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.5, 5.4)
ax.set_ylim(-3.2, 0.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
