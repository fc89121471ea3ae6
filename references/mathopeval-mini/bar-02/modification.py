import matplotlib.pyplot as plt

days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
visitors = [3.2, 2.8, 3.5, 6.5, 5.6, 8.3, 7.4]

plt.figure(figsize=(6, 4))
plt.bar(days, visitors, color='#55A868')
plt.title('Museum visitors per day')
plt.xlabel('Day')
plt.ylabel('Visitors (thousands)')
plt.show()
