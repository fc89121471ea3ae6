import matplotlib.pyplot as plt

months = ['January', 'February', 'March', 'April', 'May']
wind = [1000, 1400, 1500, 1800, 1300]
solar = [1200, 1100, 1300, 1400, 1600]
hydro = [800, 900, 1200, 1100, 1000]

plt.figure(figsize=(6, 4))
plt.plot(months, wind, marker='o', color='#1f77b4', label='Wind Energy(kWh)')
plt.plot(months, solar, marker='s', color='#ff7f0e', label='Solar Energy(kWh)')
plt.plot(months, hydro, marker='^', color='#2ca02c', label='Hydro Energy(kWh)')
plt.ylim(600, 2000)
plt.title('Renewable energy use in the US during the first half of 2021')
plt.xlabel('Month')
plt.ylabel('Energy (kWh)')
plt.legend(loc='upper left')
plt.show()
