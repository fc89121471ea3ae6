import numpy as np
import matplotlib.pyplot as plt

regions = ['North America', 'Europe', 'Asia', 'South America']
air = [1000, 900, 1100, 800]
ground = [1500, 1300, 1400, 1500]
water = [1200, 1100, 1200, 1400]
x = np.arange(len(regions))
width = 0.25

plt.figure(figsize=(6.5, 4))
plt.bar(x - width, air, width, color='#1f77b4', label='Air Freight(tons)')
plt.bar(x, ground, width, color='#ff7f0e', label='Ground Freight(tons)')
plt.bar(x + width, water, width, color='#9467bd', label='Water Freight(tons)')
plt.xticks(x, regions)
plt.ylim(0, 2100)
plt.title('Freight transportation in four regions in 2021')
plt.xlabel('Region')
plt.ylabel('Freight (tons)')
plt.legend(loc='upper left')
plt.show()
