import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
year1 = [137, 214, 104, 257, 268, 238, 264, 237, 236, 283, 285, 178]
year2 = [119, 126, 185, 103, 109, 140, 250, 273, 138, 196, 295, 258]

plt.figure(figsize=(9, 5))
plt.plot(range(12), year1, label='Year 1', color='purple', linewidth=1.5, marker='o', linestyle='--')
plt.xticks(range(12), months, fontsize=13)
plt.yticks(range(100, 301, 20), fontsize=13)
plt.ylim(90, 320)
plt.ylabel('Stock Prices', fontsize=16)
plt.title('Monthly Stock Prices Over Two Years', fontsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid(True)
plt.tight_layout()
plt.show()
