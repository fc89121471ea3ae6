import matplotlib.pyplot as plt

points = {'A': (3.49, 1.4), 'B': (0, 0), 'C': (6.0, 0), 'D': (1.24, -1.48), 'E': (5.22, -1.6), 'F': (2.4, 0), 'G': (4.3, 0), 'H': (6.7, 0)}
segments = [('B', 'H'), ('A', 'D'), ('A', 'E'), ('B', 'D'), ('C', 'E')]
label_pos = {'A': (3.49, 1.68), 'B': (-0.28, 0), 'C': (6.12, 0.25), 'D': (1.2, -1.78), 'E': (5.28, -1.9), 'F': (2.2, 0.25), 'G': (4.55, 0.25), 'H': (6.98, 0)}

fig, ax = plt.subplots(figsize=(8, 4.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.72, -0.3, '50°', fontsize=11, ha='center', va='center')
ax.text(1.25, -0.98, '78°', fontsize=11, ha='center', va='center')
ax.text(3.92, -0.5, '120°', fontsize=11, ha='center', va='center')
ax.text(5.2, -1.02, '56°', fontsize=11, ha='center', va='center')
ax.set_title('∠3 = ∠EAD = 180° − 52° − 60° = 68°', fontsize=13)
ax.set_xlim(-0.6, 7.3)
ax.set_ylim(-2.2, 2.1)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
