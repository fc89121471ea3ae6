import matplotlib.pyplot as plt

points = {'A': (12, 0), 'B': (12, 8), 'C': (0, 0), 'D': (6, 4)}
segments = [('A', 'B'), ('A', 'C'), ('B', 'C')]
label_pos = {'A': (12.85, -0.6), 'B': (12.85, 8.6), 'C': (-0.85, -0.6), 'D': (6.45, 3.3)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((6, 4), 7.2111, fill=False, color='black', linewidth=1.5))
ax.plot([6], [4], 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(12.55, 4, '8', fontsize=12, ha='center', va='center')
ax.text(6, -0.7, '12', fontsize=12, ha='center', va='center')
ax.plot([11.4, 11.4, 12], [0, 0.6, 0.6], color='black', linewidth=1)
ax.set_title('circumference = 4√13·π ≈ 45.31', fontsize=13)
ax.set_xlim(-2.2, 14.2)
ax.set_ylim(-4.2, 12.4)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
