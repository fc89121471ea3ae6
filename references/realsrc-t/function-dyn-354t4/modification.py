import matplotlib.pyplot as plt

w1, h1, h2 = 5, 1, 9
plt.figure(figsize=(6.4, 4.8))
plt.xlim(0, 10)
plt.ylim(0, 10)
plt.xticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
           ['0', '100', '200', '300', '400', '500', '600', '700', '800', '900', '1000'])
plt.yticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
ax = plt.gca()
plt.scatter(w1, h1, color='black')
plt.scatter(w1, h2, color='black')
plt.text(w1, h1 - 0.5, 'start', fontsize=10, ha='center', va='center')
plt.text(w1, h2 + 0.5, 'end', fontsize=10, ha='center', va='center')
plt.text(-1, 5, 'Pressure (Pa)', fontsize=12, ha='center', va='center', rotation=90)
plt.text(5, -1, 'Volume (m^3)', fontsize=12, ha='center', va='center')
ax.annotate('', xy=(w1, h2), xytext=(w1, h1), arrowprops=dict(arrowstyle='->', color='red', linewidth=2))
plt.grid()
plt.show()
