import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [12, 20, 40, 34, 44, 42, 6, 2, 4, 24, 26]

plt.figure(figsize=(7, 4.5))
plt.plot(months, temps, color='orange', marker='o', linewidth=1.5)
plt.ylim(0, 50)
plt.title('Average temperature in Cape Town, South Africa')
plt.ylabel('Temperature')
plt.grid(True, alpha=0.3)
plt.tight_layout()
plt.show()
