import matplotlib.pyplot as plt

points = {'P': (0, 0), 'Q': (-3.94, 0.69), 'R': (-0.83, 3.91), 'S': (3.53, -1.88), 'T': (0.83, -3.91)}
segments = [('T', 'R'), ('P', 'Q'), ('P', 'S')]
label_pos = {'P': (-0.45, 0.42), 'Q': (-4.43, 0.78), 'R': (-0.94, 4.4), 'S': (3.97, -2.11), 'T': (0.94, -4.4)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((0, 0), 4, fill=False, color='black', linewidth=1.5))
ax.plot(0, 0, 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(0.88, 0.66, '130°', fontsize=12, ha='center', va='center')
ax.text(-0.76, -0.79, '112°', fontsize=12, ha='center', va='center')
ax.text(1.58, -1.29, '4', fontsize=12, ha='center', va='center')
ax.set_title('arc QR = 4 · 68π/180 ≈ 4.75', fontsize=13)
ax.set_xlim(-5.2, 5.2)
ax.set_ylim(-5.2, 5.2)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
