import numpy as np
import matplotlib.pyplot as plt

regions = ['North', 'South', 'East', 'West']
hospitals = [80, 90, 85, 100]
doctors = [500, 550, 600, 550]
nurses = [2500, 2700, 3000, 2800]
x = np.arange(len(regions))
width = 0.25

plt.figure(figsize=(6, 4))
plt.bar(x, doctors, width, color='#ff7f0e', label='Doctors')
plt.bar(x + width, nurses, width, color='#2ca02c', label='Nurses')
plt.xticks(x, regions)
plt.ylim(0, 4000)
plt.title('Healthcare facilities and personnel in four regions in 2021')
plt.xlabel('Region')
plt.ylabel('Number')
plt.legend(loc='upper left')
plt.show()
