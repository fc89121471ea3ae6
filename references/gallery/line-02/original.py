import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0, 1)

fig, ax0 = plt.subplots()

# Plot the lines y=x**n for n=1..4.
for n in range(1, 5):
    ax0.plot(x, x**n, label=f"{n=}")
leg = ax0.legend(loc="upper left", bbox_to_anchor=[0, 1],
                 ncols=2, shadow=True, title="Legend", fancybox=True)
leg.get_title().set_color("red")

plt.show()
