import matplotlib.pyplot as plt
import numpy as np

# Fixing random state for reproducibility
np.random.seed(19680801)

# Compute pie slices
N = 8
theta = np.linspace(0.0, 2 * np.pi, N, endpoint=False)
radii = 10 * np.random.rand(N)
width = np.pi / 4 * np.random.rand(N)
colors = plt.cm.viridis(radii / 10.)

keep = radii != radii.max()
ax = plt.subplot(projection='polar')
ax.bar(theta[keep], radii[keep], width=width[keep], bottom=0.0, color=colors[keep],
       alpha=0.5)

plt.show()
