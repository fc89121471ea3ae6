import matplotlib.pyplot as plt

categories = ['Hotels and Accommodations', 'Sightseeing', 'Outdoor Adventures', 'Local Cuisine',
              'Shopping', 'Cultural Attractions', 'Wellness and Spa', 'Nightlife']
tourists = [1720, 1400, 530, 830, 570, 650, 400, 200]

plt.figure(figsize=(9, 5.8))
plt.bar(categories, tourists, color='steelblue', width=0.6)
plt.xticks(rotation=30, ha='right', fontsize=10)
plt.ylim(0, 2000)
plt.ylabel('Number of Tourists (in Thousands)', fontsize=12)
plt.title('Number of Tourists by Category', fontsize=14)
plt.tight_layout()
plt.show()
