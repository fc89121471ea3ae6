import matplotlib.pyplot as plt

months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
occupancy = [60, 63, 72, 68, 71, 77, 83, 81, 73, 69, 65, 62]

plt.figure(figsize=(6, 4))
plt.plot(months, occupancy, marker='o', color='#1f77b4')
plt.annotate('83', (6, 83), textcoords='offset points', xytext=(0, 8), ha='center')
plt.annotate('60', (0, 60), textcoords='offset points', xytext=(0, -15), ha='center')
plt.ylim(55, 90)
plt.title('Tourist traffic in a popular tourist city in 2020')
plt.xlabel('Month')
plt.ylabel('Hotel Occupancy Rate(%)')
plt.xticks(rotation=45)
plt.tight_layout()
plt.show()
