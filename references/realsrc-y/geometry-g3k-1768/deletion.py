import numpy as np
import matplotlib.pyplot as plt

r = 3
angles = {'A': 60, 'E': 90, 'C': -30, 'D': 220}
points = {'B': (0.0, 0.0)}
label_pos = {'B': (0.35, -0.35)}
for name, a in angles.items():
    points[name] = (r * np.cos(np.radians(a)), r * np.sin(np.radians(a)))
    label_pos[name] = (3.4 * np.cos(np.radians(a)), 3.4 * np.sin(np.radians(a)))
segments = [('A', 'B'), ('B', 'C'), ('B', 'D'), ('B', 'E')]

fig, ax = plt.subplots(figsize=(6, 6))
t = np.linspace(0, 2 * np.pi, 400)
ax.plot(r * np.cos(t), r * np.sin(t), color='black', linewidth=1.5)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
ax.set_xlim(-3.9, 3.9)
ax.set_ylim(-3.9, 3.9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
