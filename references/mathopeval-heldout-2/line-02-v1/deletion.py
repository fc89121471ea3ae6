import matplotlib.pyplot as plt

years = [2015, 2016, 2017, 2018, 2019, 2021, 2022]
online = [12, 15, 18, 23, 30, 46, 58]
in_store = [42, 44, 40, 47, 42, 36, 30]

plt.figure(figsize=(7, 4))
plt.plot(years, online, marker='o', color='#4C72B0', label='Online')
plt.plot(years, in_store, marker='s', linestyle='--', color='#DD8452', label='In store')
plt.title('Annual sales by channel')
plt.xlabel('Year')
plt.ylabel('Sales (million $)')
plt.legend()
plt.show()
