import matplotlib.pyplot as plt
import numpy as np

np.random.seed(19680801)

mu = 200
sigma = 25
n_bins = 25
data = np.random.normal(mu, sigma, size=100)

fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")

# Cumulative distributions.
ax.ecdf(data, label="CDF")
n, bins, patches = ax.hist(data, n_bins, density=True, histtype="step",
                           cumulative=True, label="Cumulative histogram")
x = np.linspace(data.min(), data.max())
y = ((1 / (np.sqrt(2 * np.pi) * sigma)) *
     np.exp(-0.5 * (1 / sigma * (x - mu))**2))
y = y.cumsum()
y /= y[-1]
ax.plot(x, y, "k--", linewidth=1.5, label="Theory")
ax.axvline(200, color="red", linestyle="--")

# Label the figure.
ax.set_title("Cumulative distributions")
ax.grid(True)
ax.legend()
ax.set_xlabel("Annual rainfall (mm)")
ax.set_ylabel("Probability of occurrence")

plt.show()
