import matplotlib.pyplot as plt

points = {'P': (0, 0), 'Q': (0, 17), 'R': (-7.06, 3.76)}
label_pos = {'P': (0.6, -0.9), 'Q': (0, 17.9), 'R': (-7.9, 3.76)}
segments = [('Q', 'R'), ('Q', 'P'), ('R', 'P')]

fig, ax = plt.subplots(figsize=(5, 6.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
# right-angle mark at R: unit vectors along RQ (7.06, 13.24)/15 and RP (7.06, -3.76)/8
u = (0.4707, 0.8827)
v = (0.8825, -0.47)
s = 1.0
R = points['R']
c1 = (R[0] + s * u[0], R[1] + s * u[1])
c2 = (R[0] + s * (u[0] + v[0]), R[1] + s * (u[1] + v[1]))
c3 = (R[0] + s * v[0], R[1] + s * v[1])
ax.plot([c1[0], c2[0], c3[0]], [c1[1], c2[1], c3[1]], color='black', linewidth=1)
ax.text(-4.3, 11.1, '15', fontsize=12, ha='center', va='center')
ax.text(-4.2, 0.9, '8', fontsize=12, ha='center', va='center')
ax.text(0.6, 8.5, '17', fontsize=12, ha='left', va='center')
ax.set_title('tan P = 15/8', fontsize=13)
ax.set_xlim(-11, 5)
ax.set_ylim(-2.5, 19.5)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
