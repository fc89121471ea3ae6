import matplotlib.pyplot as plt

months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12]
temperature = [5.6, 8.8, 12.1, 11.6, 17.6, 25.8, 28.1, 26.2, 18.8, 8.6, 6.1]

plt.figure(figsize=(7, 4))
plt.plot(months, temperature, marker='o', color='#C44E52')
plt.title('Average monthly temperature in Madrid')
plt.xlabel('Month')
plt.ylabel('Temperature (°C)')
plt.show()
