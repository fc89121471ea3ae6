import matplotlib.pyplot as plt

points = {'L': (0, 12), 'K': (25, 12), 'N': (16, 12), 'M': (16, 0), 'R': (5.33, 8), 'P': (22, 8), 'Q': (16, 8)}
segments = [('L', 'K'), ('L', 'M'), ('M', 'K'), ('M', 'N'), ('R', 'P')]
label_pos = {'L': (-0.7, 12.6), 'K': (25.7, 12.6), 'N': (16, 12.8), 'M': (16, -0.9), 'R': (4.75, 7.25), 'P': (22.75, 7.45), 'Q': (16.75, 7.3)}

fig, ax = plt.subplots(figsize=(8, 5.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5, linestyle='--' if (p, q) == ('M', 'N') else '-')
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-2, 27)
ax.set_ylim(-2, 14.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
