import matplotlib.pyplot as plt

fig, ax = plt.subplots()

ax.errorbar([0, 1, 2], [2, 3, 1], xerr=0.4, fmt="s", label="test 1")
ax.errorbar([0, 1, 2], [3, 2, 4], yerr=0.3, fmt="o", label="test 2")
ax.errorbar([0, 1, 2], [1, 2, 3], xerr=0.4, yerr=0.3, fmt="^",
            label="test 3")
ax.legend()

plt.show()
