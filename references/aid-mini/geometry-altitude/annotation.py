import matplotlib.pyplot as plt

A, B, C = (0, 0), (6, 0), (2, 4)
fig, ax = plt.subplots(figsize=(6, 5))
ax.plot([A[0], B[0], C[0], A[0]], [A[1], B[1], C[1], A[1]], color="black")
for name, (x, y), dx, dy in [("A", A, -0.3, -0.3), ("B", B, 0.15, -0.3), ("C", C, 0, 0.2)]:
    ax.text(x + dx, y + dy, name, fontsize=14)
ax.set_aspect("equal")
ax.axis("off")

H = (2, 0)
ax.plot([C[0], H[0]], [C[1], H[1]], color="red", linestyle="--")
ax.plot([H[0]], [H[1]], "ro")
ax.text(H[0] + 0.1, H[1] - 0.35, "H", fontsize=14)
plt.show()
