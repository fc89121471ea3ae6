import matplotlib.pyplot as plt

crops = ['Wheat', 'Corn', 'Rice', 'Soybeans']
series = {
    'Yield (kg/ha)': [32, 78, 68, 35],
    'Water Usage (box/hectare)': [25, 22, 23, 24],
    'Pesticide Use (kg/ha)': [35, 45, 40, 50],
    'Labor Cost (%)': [22, 25, 20, 27],
    'Market Price (USD/kg)': [20, 15, 18, 12],
}
colors = ['tab:blue', 'tab:orange', 'tab:green', 'tab:red', 'tab:purple']
styles = ['-', '-', '-', '-', '-']

plt.figure(figsize=(8, 5))
for (name, vals), color, ls in zip(series.items(), colors, styles):
    plt.plot(crops, vals, marker='o', color=color, linestyle=ls, linewidth=1.5, label=name)
plt.ylim(0, 110)
plt.title('Agricultural and Food Production Analysis')
plt.grid(True, alpha=0.3)
plt.legend(loc='upper right')
plt.tight_layout()
plt.show()
