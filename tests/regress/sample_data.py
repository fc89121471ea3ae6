# Reads matplotlib's bundled sample data (inside the venv, which the sandbox allows).
import matplotlib.pyplot as plt
import numpy as np
from matplotlib import cbook

with cbook.get_sample_data("goog.npz") as data:
    price = data["price_data"]
close = np.asarray(price["adj_close"][-60:], dtype=float)
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.plot(np.arange(len(close)), close, color="tab:red")
ax.set_title("GOOG, last 60 days")
