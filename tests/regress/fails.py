# A script that fails: recorded with its status, never a baseline figure.
import matplotlib.pyplot as plt

plt.plot([1, 2, 3])
ratio = 1 / 0
