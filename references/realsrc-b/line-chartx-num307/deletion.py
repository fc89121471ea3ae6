import matplotlib.pyplot as plt

months = ['January', 'February', 'March', 'April', 'May', 'June', 'August', 'September', 'October', 'November', 'December']
occupancy = [60, 63, 72, 68, 71, 77, 81, 73, 69, 65, 62]

plt.figure(figsize=(6, 4))
plt.plot(months, occupancy, marker='o', color='#1f77b4')
plt.ylim(55, 90)
plt.title('Tourist traffic in a popular tourist city in 2020')
plt.xlabel('Month')
plt.ylabel('Hotel Occupancy Rate(%)')
plt.xticks(rotation=45)
plt.tight_layout()
plt.show()
