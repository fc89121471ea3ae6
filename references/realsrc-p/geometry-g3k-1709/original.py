import matplotlib.pyplot as plt

points = {'P': (0, 0), 'A': (15.37, 16.24), 'B': (-22.21, 2.56), 'C': (-22.21, -2.56), 'E': (15.37, -16.24),
          'D': (-3.42, 9.4), 'G': (-7.65, 21.01), 'Q': (-3.42, -9.4), 'F': (-7.65, -21.01)}
segments = [('A', 'B'), ('C', 'E'), ('P', 'G'), ('P', 'F')]
label_pos = {'P': (1.6, 0), 'A': (16.9, 17.85), 'B': (-24.4, 3.4), 'C': (-24.4, -3.4), 'E': (16.9, -17.85),
             'D': (-2.4, 11.1), 'G': (-8.4, 23.1), 'Q': (-2.4, -11.1), 'F': (-8.4, -23.1)}

fig, ax = plt.subplots(figsize=(6, 6))
ax.add_patch(plt.Circle((0, 0), 22.36, fill=False, color='black', linewidth=1.5))
ax.plot(0, 0, 'o', color='black', markersize=4)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
ax.set_xlim(-27, 27)
ax.set_ylim(-27, 27)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
