import matplotlib.pyplot as plt

years = [2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021]
country_a = [8.2, 6.8, 4.8, 4.9, 4.8, 4.7, 3.6, 3.3, 7.3, 5.2]
country_b = [11.6, 11.4, 11.6, 9.2, 9.1, 8.6, 8.6, 8.5, 7.9, 8.5]

plt.figure(figsize=(7, 4))
plt.plot(years, country_a, marker='o', color='#4C72B0', label='Country A')
plt.plot(years, country_b, marker='s', linestyle='--', color='#C44E52', label='Country B')
plt.title('Unemployment rate')
plt.xlabel('Year')
plt.ylabel('Rate (%)')
plt.legend()
plt.show()
