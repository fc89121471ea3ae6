import matplotlib.pyplot as plt

points = {'P': (0.1, 6.6), 'Q': (4.4, 9.8), 'R': (8.3, 0), 'Z': (2.25, 8.2), 'Y': (4.12, 3.37), 'X': (4.69, 9.08), 'A': (4.21, 5.54)}
segments = [('P', 'Q'), ('Q', 'R'), ('R', 'P'), ('R', 'Z'), ('Q', 'Y'), ('P', 'X')]
label_pos = {'P': (-0.3, 6.55), 'Q': (4.4, 10.22), 'R': (8.65, -0.15), 'Z': (1.95, 8.55), 'Y': (4.0, 2.95), 'X': (5.02, 9.3), 'A': (3.88, 5.3)}

fig, ax = plt.subplots(figsize=(5.6, 6.2))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.62, 8.0, 'a + 5', fontsize=11, ha='center', va='center')
ax.text(2.8, 9.62, '3a - 11', fontsize=11, ha='center', va='center')
ax.text(1.55, 4.45, '2c - 1', fontsize=11, ha='center', va='center')
ax.text(5.7, 1.1, '4c - 11', fontsize=11, ha='center', va='center')
ax.set_xlim(-0.9, 9.2)
ax.set_ylim(-0.7, 10.7)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
