import matplotlib.pyplot as plt

years = [2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021]
country_a = [8.5, 7.5, 4.8, 5.8, 4.7, 4.2, 4.1, 3.7, 7.3, 4.6]
country_b = [9.5, 11.1, 11.3, 9.9, 8.8, 8.6, 7.7, 8.3, 7.9, 7.3]

plt.figure(figsize=(7, 4))
plt.plot(years, country_a, marker='o', color='#4C72B0', label='Country A')
plt.plot(years, country_b, marker='s', linestyle='--', color='#C44E52', label='Country B')
plt.title('Unemployment rate')
plt.xlabel('Year')
plt.ylabel('Rate (%)')
plt.legend()
plt.show()
