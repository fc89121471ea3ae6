import matplotlib.pyplot as plt

points = {'A': (0, -5.4), 'B': (-4, 0), 'C': (0, 9.6), 'M': (4, 0)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'M'), ('M', 'A'), ('A', 'C'), ('B', 'M')]
label_pos = {'A': (0, -6.1), 'B': (-4.6, 0), 'C': (0, 10.3), 'M': (4.6, 0)}

fig, ax = plt.subplots(figsize=(5, 7))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-5.5, 5.5)
ax.set_ylim(-7, 11.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
