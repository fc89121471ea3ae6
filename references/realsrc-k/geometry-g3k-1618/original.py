import matplotlib.pyplot as plt

points = {'B': (3.84, 0), 'C': (0, 3), 'F': (7.17, -2.6), 'G': (-3.19, -3), 'H': (7.8, 0), 'I': (1.54, 5.9),
          'J': (-2.43, 4.9), 'K': (-1.6, 0), 'M': (-4.8, 0), 'N': (-4.8, 3), 'O': (7.8, 3)}
segments = [('N', 'O'), ('M', 'H'), ('J', 'F'), ('I', 'G')]
label_pos = {'B': (4.02, 0.42), 'C': (-0.2, 3.5), 'F': (7.36, -2.9), 'G': (-3.36, -3.3), 'H': (8.15, 0),
             'I': (1.66, 6.22), 'J': (-2.64, 5.2), 'K': (-1.36, -0.42), 'M': (-5.15, 0), 'N': (-5.15, 3), 'O': (8.15, 3)}

fig, ax = plt.subplots(figsize=(8, 5.9))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-2.5, -0.46, '62°', fontsize=11, ha='center', va='center')
ax.text(5.15, -0.4, '38°', fontsize=11, ha='center', va='center')
ax.set_xlim(-5.6, 8.6)
ax.set_ylim(-3.7, 6.6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
