import matplotlib.pyplot as plt

quarters = ["Q1", "Q2", "Q3", "Q4"]
sales = [3, 5, 4, 6]
fig, ax = plt.subplots(figsize=(6, 5))
ax.bar(quarters, sales, color="tab:blue")
ax.axhline(4.5, color="red", linestyle="--", label="mean 4.5")
ax.set_ylabel("sales")
ax.legend(loc="upper left")
plt.show()
