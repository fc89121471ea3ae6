import matplotlib.pyplot as plt

points = {'G': (0, 0), 'F': (0, 4.2), 'D': (-5.57, 4.2), 'A': (5.01, 4.2), 'C': (5.01, 0), 'B': (2.94, 2.46)}
segments = [('D', 'A'), ('G', 'D'), ('G', 'F'), ('G', 'A'), ('G', 'C'), ('A', 'C'), ('C', 'B')]
label_pos = {'G': (0, -0.4), 'F': (0, 4.58), 'D': (-5.85, 4.5), 'A': (5.3, 4.5), 'C': (5.3, -0.3), 'B': (2.62, 2.8)}

fig, ax = plt.subplots(figsize=(8, 4.4))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='blue' if (p, q) == ('G', 'A') else 'black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-6.6, 6.2)
ax.set_ylim(-1, 5.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
