import numpy as np
import matplotlib.pyplot as plt

r = 3
angles = {'A': 60, 'E': 90, 'C': -30, 'D': 220}
points = {'B': (0.0, 0.0)}
label_pos = {'B': (0.35, -0.35)}
for name, a in angles.items():
    points[name] = (r * np.cos(np.radians(a)), r * np.sin(np.radians(a)))
    label_pos[name] = (3.4 * np.cos(np.radians(a)), 3.4 * np.sin(np.radians(a)))
segments = [('A', 'B'), ('A', 'E'), ('B', 'C'), ('B', 'D'), ('B', 'E')]

fig, ax = plt.subplots(figsize=(6, 6))
t = np.linspace(0, 2 * np.pi, 400)
ax.plot(r * np.cos(t), r * np.sin(t), color='black', linewidth=1.5)
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=14, ha='center', va='center')
# angle measures inside their angles at B, on the bisectors
for text, a in [('30°', 75), ('130°', 155), ('110°', 275)]:
    ax.text(1.0 * np.cos(np.radians(a)), 1.0 * np.sin(np.radians(a)), text,
            fontsize=12, ha='center', va='center')
# right-angle mark between BC (-30°) and BA (60°)
s = 0.4
u = (np.cos(np.radians(60)), np.sin(np.radians(60)))
v = (np.cos(np.radians(-30)), np.sin(np.radians(-30)))
ax.plot([s * u[0], s * (u[0] + v[0]), s * v[0]], [s * u[1], s * (u[1] + v[1]), s * v[1]],
        color='black', linewidth=1)
ax.set_title('x = 130', fontsize=14)
ax.set_xlim(-3.9, 3.9)
ax.set_ylim(-3.9, 3.9)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
