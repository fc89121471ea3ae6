import matplotlib.pyplot as plt

points = {'A': (0, 9.1), 'B': (6, 0), 'C': (0, 0), 'M': (4.18, 2.76)}
segments = [('C', 'A'), ('C', 'B'), ('A', 'B')]
label_pos = {'A': (-0.13, 9.53), 'B': (6.4, -0.21), 'C': (-0.32, -0.32), 'M': (4.56, 3.01)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 7)
ax.set_ylim(-0.9, 10.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
