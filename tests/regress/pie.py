# A pie with labels and percentages, saved to a path relative to the working directory.
import matplotlib.pyplot as plt

shares = [45, 30, 25]
labels = ["rent", "food", "travel"]
fig, ax = plt.subplots(figsize=(4, 4))
ax.pie(shares, labels=labels, autopct="%1.0f%%", colors=["#4c72b0", "#dd8452", "#55a868"])
ax.set_title("Budget")
fig.savefig("out/budget.png")
