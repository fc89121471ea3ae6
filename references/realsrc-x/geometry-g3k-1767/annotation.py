import matplotlib.pyplot as plt

points = {'M': (0, 0), 'P': (11, 0), 'O': (38, 0), 'N': (11, 17.23)}
label_pos = {'M': (-1.3, -1.3), 'P': (11, -1.6), 'O': (39.3, -1.3), 'N': (11, 18.6)}
segments = [('M', 'N'), ('N', 'O'), ('M', 'O'), ('N', 'P')]

fig, ax = plt.subplots(figsize=(8, 4.6))
for p, q in segments:
    (x1, y1), (x2, y2) = points[p], points[q]
    ax.plot([x1, x2], [y1, y2], color='black', linewidth=1.5)
for name, (x, y) in label_pos.items():
    ax.text(x, y, name, fontsize=13, ha='center', va='center')
# right-angle marks at N (between NM and NO) and at P (between PN and PO)
s = 1.3
N = points['N']
u = (-0.5382, -0.8428)
v = (0.8429, -0.5379)
ax.plot([N[0] + s * u[0], N[0] + s * (u[0] + v[0]), N[0] + s * v[0]],
        [N[1] + s * u[1], N[1] + s * (u[1] + v[1]), N[1] + s * v[1]], color='black', linewidth=1)
ax.plot([11, 11 + s, 11 + s], [s, s, 0], color='black', linewidth=1)
ax.text(5.5, -1.0, '11', fontsize=12, ha='center', va='top')
ax.text(24.5, -1.0, '27', fontsize=12, ha='center', va='top')
ax.set_title('NP = √297 ≈ 17.23', fontsize=13)
ax.set_xlim(-3, 41)
ax.set_ylim(-4, 21)
ax.set_aspect('equal')
ax.axis('off')
plt.show()
