import matplotlib.pyplot as plt

categories = ['Animal Welfare', 'Education', 'Health', 'Disaster Relief', 'Environmental', 'Poverty Alleviation']
donation = [10, 20, 30, 40, 50, 60]
fundraising = [20, 25, 30, 35, 40, 45]
volunteer = [50, 60, 70, 80, 90, 95]
x = range(len(categories))

plt.figure(figsize=(9, 5.5))
plt.plot(x, donation, color='tab:blue', marker='o', linewidth=2, label='Donation Percentage (%)')
plt.plot(x, volunteer, color='tab:green', marker='o', linewidth=2, label='Volunteer Participation (%)')
plt.xticks(x, categories, fontsize=10)
plt.ylim(0, 105)
plt.ylabel('Percentage (%)', fontsize=12)
plt.title('Nonprofit Organization Performance Metrics', fontsize=14)
plt.legend(loc='upper left')
plt.grid(True, alpha=0.4)
plt.tight_layout()
plt.show()
