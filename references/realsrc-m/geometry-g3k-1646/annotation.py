import matplotlib.pyplot as plt

points = {'J': (-2.81, 7.33), 'K': (0.7, 9.98), 'L': (0, 0), 'M': (3.56, 3.95), 'N': (3.75, 9.27)}
segments = [('J', 'K'), ('K', 'L'), ('K', 'N'), ('L', 'J'), ('M', 'L'), ('N', 'L'), ('N', 'M')]
label_pos = {'J': (-3.35, 7.5), 'K': (0.6, 10.55), 'L': (0, -0.55), 'M': (4.05, 3.85), 'N': (4.25, 9.5)}

fig, ax = plt.subplots(figsize=(4.8, 6.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.text(-0.59, 3.96, '25°', fontsize=10, ha='center', va='center')
ax.text(1.46, 6.33, '18°', fontsize=10, ha='center', va='center')
ax.text(2.23, 3.56, '20°', fontsize=10, ha='center', va='center')
ax.plot([0.1, 0.6], [5.01, 4.97], color='black', linewidth=1)
ax.plot([1.64, 2.11], [4.73, 4.54], color='black', linewidth=1)
ax.plot([1.49, 1.87], [2.03, 1.7], color='black', linewidth=1)
ax.plot([1.69, 2.07], [2.25, 1.92], color='black', linewidth=1)
ax.plot([3.4, 3.9], [6.47, 6.45], color='black', linewidth=1)
ax.plot([3.41, 3.91], [6.77, 6.75], color='black', linewidth=1)
ax.text(1.59, 8.77, '81°', fontsize=10, ha='center', va='center')
ax.set_title('m∠JKN = 130°, m∠LKN = 81°', fontsize=12)
ax.set_xlim(-4.2, 5.2)
ax.set_ylim(-1.2, 11.3)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
