import matplotlib.pyplot as plt

months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
temperature = [6.7, 8.6, 10.7, 14.8, 18.5, 24.2, 28.3, 23.6, 18.1, 16.7, 8.5, 6.8]

plt.figure(figsize=(7, 4))
plt.plot(months, temperature, marker='o', color='#C44E52')
plt.title('Average monthly temperature in Madrid')
plt.xlabel('Month')
plt.ylabel('Temperature (°C)')
plt.show()
