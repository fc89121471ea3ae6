import matplotlib.pyplot as plt

points = {'F': (0.92, 4.31), 'G': (8.9, 3.76), 'H': (1.83, 0), 'J': (0, 0)}
segments = [('F', 'G'), ('G', 'H'), ('H', 'J'), ('J', 'F'), ('F', 'H')]
label_pos = {'F': (0.75, 4.7), 'G': (9.3, 3.85), 'H': (2.1, -0.3), 'J': (-0.3, -0.3)}

fig, ax = plt.subplots(figsize=(7.5, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    red = (p, q) in [('F', 'G'), ('G', 'H')]
    ax.plot([x1, x2], [y1, y2], color='red' if red else 'black', linewidth=2.5 if red else 1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.8, 9.8)
ax.set_ylim(-0.8, 5.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
