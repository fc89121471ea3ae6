import matplotlib.pyplot as plt
from matplotlib.patches import Arc
points = {'W': (0, 0), 'A': (43.4, 0), 'H': (19.03, 39.01), 'P': (31.215, 19.505),
          'Q': (33, 0), 'X': (26.96, 16.85)}
label_pos = {'W': (-2.0, -1.6), 'A': (45.2, -1.6), 'H': (19.03, 41.2), 'P': (33.0, 20.8),
             'Q': (33, -2.4), 'X': (25.0, 17.6)}
segments = [('W', 'H'), ('W', 'A'), ('H', 'A'), ('W', 'P'), ('H', 'Q')]

fig, ax = plt.subplots(figsize=(7, 6.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.add_patch(Arc(points['W'], 14, 14, theta1=0, theta2=32, color='black', linewidth=1))
ax.add_patch(Arc(points['W'], 18, 18, theta1=32, theta2=64, color='black', linewidth=1))
ax.text(10.1, 2.7, '32°', fontsize=11, ha='center', va='center')
ax.text(7.6, 8.3, '32°', fontsize=11, ha='center', va='center')
ax.add_patch(Arc(points['A'], 12, 12, theta1=122, theta2=180, color='black', linewidth=1))
ax.text(35.8, 3.9, '58°', fontsize=11, ha='center', va='center')
ax.set_title('x = 20', fontsize=13)
ax.set_xlim(-4, 48)
ax.set_ylim(-4.5, 44)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
