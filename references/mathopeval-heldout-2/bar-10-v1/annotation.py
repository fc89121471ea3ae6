import matplotlib.pyplot as plt

cities = ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Drammen']
population = [582, 346, 224, 152, 90]

plt.figure(figsize=(6, 4))
plt.bar(cities, population, color='#4C72B0')
for i, value in enumerate(population):
    plt.text(i, value, str(value), ha='center', va='bottom')
plt.title('Population of Norwegian cities')
plt.xlabel('City')
plt.ylabel('Population (thousands)')
plt.show()
