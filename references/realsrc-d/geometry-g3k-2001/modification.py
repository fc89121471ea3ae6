import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (0, 2.03), 'F': (-4.57, 2.03), 'G': (0, 5), 'H': (4.57, 2.03), 'J': (0, -5)}
segments = [('J', 'G'), ('H', 'F'), ('H', 'G'), ('J', 'H')]
label_pos = {'A': (-0.38, -0.05), 'B': (-0.36, 2.42), 'F': (-5.02, 2.23), 'G': (0, 5.42), 'H': (5.02, 2.23), 'J': (0, -5.42)}

fig, ax = plt.subplots(figsize=(6, 5))
ax.add_patch(plt.Circle((0, 0), 5, fill=False, color='blue', linewidth=1.5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-6, 6)
ax.set_ylim(-6, 6)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
