# A typical model answer to "redraw this bar chart": plotgrade runs it in the sandbox.
import matplotlib.pyplot as plt

quarters = ["Q1", "Q2", "Q3", "Q4"]
revenue = [4.2, 5.1, 3.8, 6.0]

fig, ax = plt.subplots(figsize=(6, 4))
bars = ax.bar(quarters, revenue, color="tab:blue")
ax.bar_label(bars, fmt="%.1f")
ax.set_title("Revenue by quarter")
ax.set_ylabel("Revenue (million EUR)")
ax.annotate("best quarter", xy=(3, 6.0), xytext=(1.6, 5.6), arrowprops={"arrowstyle": "->"})
plt.savefig("revenue.png")  # captured, not written
plt.show()                   # does not block
