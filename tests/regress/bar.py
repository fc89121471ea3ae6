# Quarterly sales as bars: heights, category labels and colours are the key elements.
import matplotlib.pyplot as plt

quarters = ["Q1", "Q2", "Q3", "Q4"]
sales = [4, 6, 5, 8]
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.bar(quarters, sales, color="tab:blue")
ax.set_title("Sales per quarter")
ax.set_ylabel("units (k)")
