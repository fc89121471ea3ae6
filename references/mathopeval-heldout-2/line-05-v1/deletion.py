import matplotlib.pyplot as plt

years = [1960, 1970, 1990, 2000, 2010, 2020]
population = [12, 13, 26, 34, 38, 37]

plt.figure(figsize=(7, 4))
plt.plot(years, population, marker='o', color='#937860')
plt.title('Population of Riverton')
plt.xlabel('Year')
plt.ylabel('Population (thousands)')
plt.show()
