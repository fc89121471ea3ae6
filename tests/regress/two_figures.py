# Two figures from one script: stored as two-figures-1 and -2.
import matplotlib.pyplot as plt

fig1, ax1 = plt.subplots(figsize=(4, 3))
ax1.barh(["north", "south"], [3, 7], color="tab:cyan")
ax1.set_title("Regions")

fig2, ax2 = plt.subplots(figsize=(4, 3))
ax2.scatter([1, 2, 3, 4], [2, 3, 1, 4], color="tab:brown")
ax2.set_title("Points")
