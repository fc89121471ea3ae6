import matplotlib.pyplot as plt

months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
temperature = [6.3, 7.9, 11.2, 13.1, 17.2, 22.8, 26.1, 25.6, 21.1, 15.2, 10.1, 6.9]

plt.figure(figsize=(7, 4))
plt.plot(months, temperature, marker='o', color='#C44E52')
plt.title('Average monthly temperature in Madrid')
plt.xlabel('Month')
plt.ylabel('Temperature (°C)')
plt.show()
