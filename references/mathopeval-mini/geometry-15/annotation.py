import matplotlib.pyplot as plt

points = {'A': (0, 0), 'B': (7, 0), 'C': (5, 4), 'E': (6, 2)}
segments = [('A', 'B'), ('B', 'C'), ('C', 'A'), ('A', 'E')]
label_pos = {'A': (-0.38, -0.13), 'B': (7.37, -0.16), 'C': (5.14, 4.37), 'E': (6.36, 2.18)}

fig, ax = plt.subplots(figsize=(6, 5))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(2.22, 2.35, '6.4', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.text(4.83, 3.22, '78°', fontsize=12, color='#4C72B0', ha='center', va='center')
ax.set_xlim(-1, 8)
ax.set_ylim(-1, 5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
