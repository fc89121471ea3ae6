import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0, 5, 200)
fig, ax = plt.subplots(figsize=(6, 5))
ax.plot(x, -x**2 + 4 * x + 1, color="tab:blue", label="f(x) = -x^2 + 4x + 1")
ax.plot([2], [5], "ro")
ax.annotate("max (2, 5)", (2, 5), textcoords="offset points", xytext=(8, 6))
ax.axhline(5, color="red", linestyle="--", linewidth=1)
ax.set_xlabel("x")
ax.set_ylabel("y")
ax.legend(loc="lower center")
plt.show()
