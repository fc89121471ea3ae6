import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
galleries = [5000, 5500, 6000, 6500, 7000, 7500, 8000, 8500, 9000, 9500, 10000, 10500]
festivals = [1000, 1200, 1500, 1800, 2000, 2200, 2500, 2700, 3000, 3300, 3500, 3800]

plt.figure(figsize=(8, 4.5))
plt.plot(months, galleries, marker='o', color='#1f77b4', label='Art Galleries (Visitors)')
plt.plot(months, festivals, marker='^', color='#2ca02c', label='Festivals (Attendees)')
plt.ylim(0, 12000)
plt.title('Visitor Trends in Arts and Culture Events by Month')
plt.xlabel('Month')
plt.ylabel('Visitors / Attendees')
plt.legend(loc='upper left')
plt.tight_layout()
plt.show()
