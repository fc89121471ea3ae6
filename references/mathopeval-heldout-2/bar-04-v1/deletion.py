import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May']
rainfall = [91, 49, 56, 41, 42]

plt.figure(figsize=(6, 4))
plt.bar(months, rainfall, color='#4C72B0')
plt.title('Average monthly rainfall')
plt.xlabel('Month')
plt.ylabel('Rainfall (mm)')
plt.show()
