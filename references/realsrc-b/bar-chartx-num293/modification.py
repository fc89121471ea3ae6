import numpy as np
import matplotlib.pyplot as plt

countries = ['USA', 'UK', 'Germany', 'France']
coffee = [400, 350, 300, 250]
tea = [200, 230, 180, 260]
x = np.arange(len(countries))
width = 0.35

plt.figure(figsize=(6, 4))
plt.bar(x - 0.5 * width, coffee, width, color='#8c564b', label='Coffee Consumption(kg/year)')
plt.bar(x + 0.5 * width, tea, width, color='#2ca02c', label='Tea Consumption(kg/year)')
plt.xticks(x, countries)
plt.ylim(0, 550)
plt.title('Coffee and Tea Consumption in Four Countries in 2021')
plt.xlabel('Country')
plt.ylabel('Consumption (kg/year)')
plt.legend(loc='upper right')
plt.show()
