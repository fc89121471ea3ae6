import matplotlib.pyplot as plt

years = [2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021]
country_a = [7.9, 7.4, 6.2, 5.3, 4.9, 4.4, 3.9, 3.7, 8.1, 5.4]
country_b = [10.5, 10.9, 10.2, 9.6, 9.1, 8.3, 7.6, 11.5, 7.9, 7.5]

plt.figure(figsize=(7, 4))
plt.plot(years, country_a, marker='o', color='#4C72B0', label='Country A')
plt.plot(years, country_b, marker='s', linestyle='--', color='#C44E52', label='Country B')
plt.title('Unemployment rate')
plt.xlabel('Year')
plt.ylabel('Rate (%)')
plt.legend()
plt.show()
