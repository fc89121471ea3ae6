import matplotlib.pyplot as plt

w1, h1, w2 = 5, 4, 7
plt.figure(figsize=(6.4, 4.8))
plt.xlim(0, 10)
plt.ylim(0, 10)
plt.xticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
           ['0', '100', '200', '300', '400', '500', '600', '700', '800', '900', '1000'])
plt.yticks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
ax = plt.gca()
plt.scatter(w1, h1, color='black')
plt.scatter(w2, h1, color='black')
plt.text(-1, 5, 'Pressure (Pa)', fontsize=12, ha='center', va='center', rotation=90)
plt.text(5, -1, 'Volume (m^3)', fontsize=12, ha='center', va='center')
ax.annotate('', xy=(w2, h1), xytext=(w1, h1), arrowprops=dict(arrowstyle='->', color='black', linewidth=2))
plt.grid()
plt.show()
