import matplotlib.pyplot as plt

hours = [0, 3, 9, 12, 15, 18, 21]
weekday = [26, 24, 48, 51, 47, 53, 34]
weekend = [26, 25, 36, 42, 40, 44, 38]

plt.figure(figsize=(7, 4))
plt.plot(hours, weekday, marker='o', color='#C44E52', label='Weekday')
plt.plot(hours, weekend, marker='s', linestyle='--', color='#4C72B0', label='Weekend')
plt.title('Electricity demand over a day')
plt.xlabel('Hour')
plt.ylabel('Demand (GW)')
plt.legend()
plt.show()
