import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(-2.5, 2.5, 300)
fig, ax = plt.subplots(figsize=(6, 5))
ax.plot(x, x**3 - 3 * x, color="tab:blue", label="y = x^3 - 3x")
ax.axhline(1, color="tab:green", linestyle="--", label="y = 1")
ax.axhline(0, color="gray", linewidth=0.8)
ax.axvline(0, color="gray", linewidth=0.8)
ax.set_ylim(-5, 5)
ax.set_xlabel("x")
ax.set_ylabel("y")
ax.legend(loc="upper left")
plt.show()
