# Texts and an annotation; saved to an absolute path (captured, nothing is written).
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(5, 3.5))
ax.plot([0, 1, 2, 3], [0, 1, 4, 9], marker="o", color="tab:purple")
ax.annotate("peak", xy=(3, 9), xytext=(1.5, 7), arrowprops={"arrowstyle": "->"})
ax.text(0.2, 5, "y = x²", fontsize=12)
ax.set_xlabel("x")
ax.set_ylabel("y")
fig.savefig("/tmp/plotgrade-regress-text.png")
