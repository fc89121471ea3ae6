import matplotlib.pyplot as plt

countries = ['United States', 'China', 'India', 'Russia', 'Japan', 'United Kingdom', 'France', 'Brazil', 'Canada']
emissions = [5000, 10300, 2400, 1600, 1200, 415, 365, 260, 550]
colors = ['#1f77b4'] * len(countries)

plt.figure(figsize=(8, 5))
plt.bar(countries, emissions, width=0.6, color=colors)
plt.ylim(0, 11500)
plt.title('National CO2 Emissions Overview: Environment and Sustainability')
plt.xlabel('Country')
plt.ylabel('CO2 Emissions (Million Metric Tons)')
plt.xticks(rotation=45, ha='right')
plt.tight_layout()
plt.show()
