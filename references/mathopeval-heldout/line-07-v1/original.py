import matplotlib.pyplot as plt

speeds = [40, 50, 60, 70, 80, 90, 100, 110, 120]
consumption = [6.7, 7.5, 5.7, 6.5, 5.5, 6.6, 6.9, 8.2, 9.9]

plt.figure(figsize=(7, 4))
plt.plot(speeds, consumption, marker='o', color='#DD8452')
plt.title('Fuel consumption at different speeds')
plt.xlabel('Speed (km/h)')
plt.ylabel('Consumption (L/100 km)')
plt.show()
