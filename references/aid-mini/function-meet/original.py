import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(-1, 5, 200)
fig, ax = plt.subplots(figsize=(6, 5))
ax.plot(x, 2 * x, color="tab:blue", label="y = 2x")
ax.plot(x, x + 3, color="tab:orange", label="y = x + 3")
ax.plot([3], [6], "ko")
ax.annotate("(3, 6)", (3, 6), textcoords="offset points", xytext=(-40, 8))
ax.axhline(0, color="gray", linewidth=0.8)
ax.axvline(0, color="gray", linewidth=0.8)
ax.set_xlabel("x")
ax.set_ylabel("y")
ax.legend(loc="upper left")
plt.show()
