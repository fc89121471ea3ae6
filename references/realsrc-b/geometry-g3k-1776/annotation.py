import matplotlib.pyplot as plt

points = {'A': (0, 9.1), 'B': (6, 0), 'C': (0, 0), 'M': (4.18, 2.76)}
segments = [('C', 'A'), ('C', 'B'), ('A', 'B'), ('C', 'M')]
label_pos = {'A': (-0.13, 9.53), 'B': (6.4, -0.21), 'C': (-0.32, -0.32), 'M': (4.56, 3.01)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-0.5, 4.55, '10', fontsize=12, ha='center', va='center')
ax.text(2.31, 1.05, '6', fontsize=12, ha='center', va='center')
ax.plot([0, 3], [0, 4.55], color='black', linewidth=1.5, linestyle='--')
ax.text(3.38, 4.8, 'N', fontsize=13, ha='center', va='center')
ax.set_xlim(-0.9, 7)
ax.set_ylim(-0.9, 10.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
