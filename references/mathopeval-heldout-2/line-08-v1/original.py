import matplotlib.pyplot as plt

hours = [0, 3, 6, 9, 12, 15, 18, 21]
weekday = [28, 25, 27, 39, 46, 44, 43, 41]
weekend = [29, 27, 23, 32, 36, 31, 36, 36]

plt.figure(figsize=(7, 4))
plt.plot(hours, weekday, marker='o', color='#C44E52', label='Weekday')
plt.plot(hours, weekend, marker='s', linestyle='--', color='#4C72B0', label='Weekend')
plt.title('Electricity demand over a day')
plt.xlabel('Hour')
plt.ylabel('Demand (GW)')
plt.legend()
plt.show()
