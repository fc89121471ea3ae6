import matplotlib.pyplot as plt

categories = ['Freight', 'Passenger Transport', 'Warehousing', 'Shipping', 'Courier Services',
              'Air Transport', 'Rail Transport', 'Trucking', 'Pipeline Transport', 'Logistics Services']
volume = [7.2, 10.9, 5, 6.5, 14.9, 7.1, 11.3, 12.2, 6, 6]
colors = ['seagreen'] * len(volume)

plt.figure(figsize=(9, 6))
plt.barh(categories, volume, color=colors, height=0.6)
plt.gca().invert_yaxis()
plt.xlim(0, 17)
plt.xlabel('Volume Handled (Millions of Tonnes)', fontsize=12)
plt.title('Transportation and Logistics: Volume Handled', fontsize=14)
plt.tight_layout()
plt.show()
