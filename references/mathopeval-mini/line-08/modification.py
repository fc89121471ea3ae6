import matplotlib.pyplot as plt

hours = [0, 3, 6, 9, 12, 15, 18, 21]
weekday = [28, 25, 31, 42, 45, 44, 49, 38]
weekend = [27, 24, 26, 33, 37, 47, 41, 35]

plt.figure(figsize=(7, 4))
plt.plot(hours, weekday, marker='o', color='#C44E52', label='Weekday')
plt.plot(hours, weekend, marker='s', linestyle='--', color='#4C72B0', label='Weekend')
plt.title('Electricity demand over a day')
plt.xlabel('Hour')
plt.ylabel('Demand (GW)')
plt.legend()
plt.show()
