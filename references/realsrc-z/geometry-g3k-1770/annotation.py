import matplotlib.pyplot as plt

points = {'A': (0, 16), 'B': (30, 0), 'C': (-12, 0), 'M': (0, 0)}
label_pos = {'A': (0, 17.1), 'B': (31.1, -0.6), 'C': (-13.1, -0.6), 'M': (0, -1.1)}
segments = [('A', 'B'), ('A', 'C'), ('A', 'M'), ('C', 'B')]

fig, ax = plt.subplots(figsize=(8, 4.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.text(-6.9, 8.6, '20', fontsize=13, ha='right', va='bottom')
ax.text(-6, -0.7, '12', fontsize=13, ha='center', va='top')
ax.text(15, -0.7, '30', fontsize=13, ha='center', va='top')
ax.plot([0, 1.2, 1.2], [1.2, 1.2, 0], color='black', linewidth=1)
ax.set_title('Area of triangle ABM = 240', fontsize=14)
ax.set_xlim(-16, 34)
ax.set_ylim(-4, 19)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
