import matplotlib.pyplot as plt

years = [2012, 2013, 2014, 2015, 2016, 2017]
crimes = [1000, 1200, 1400, 1600, 1800, 2000]
arrests = [200, 400, 600, 800, 1000, 1200]

plt.figure(figsize=(6, 4))
plt.plot(years, crimes, marker='o', color='#d62728', label='Number of Crimes')
plt.plot(years, arrests, marker='s', color='#1f77b4', label='Number of Arrests')
for px, py in zip(years, arrests):
    plt.annotate(str(py), (px, py), textcoords='offset points', xytext=(0, -15), ha='center')
plt.ylim(0, 2400)
plt.title('Number of Crimes and Arrests in the US from 2012 to 2017')
plt.xlabel('Year')
plt.ylabel('Number')
plt.legend(loc='upper left')
plt.show()
