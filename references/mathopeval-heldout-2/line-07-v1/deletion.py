import matplotlib.pyplot as plt

speeds = [40, 60, 70, 80, 90, 100, 110, 120]
consumption = [6.3, 5.3, 5.4, 5.6, 5.8, 6.6, 8.9, 10.7]

plt.figure(figsize=(7, 4))
plt.plot(speeds, consumption, marker='o', color='#DD8452')
plt.title('Fuel consumption at different speeds')
plt.xlabel('Speed (km/h)')
plt.ylabel('Consumption (L/100 km)')
plt.show()
