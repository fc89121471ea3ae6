import matplotlib.pyplot as plt

days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
visitors = [2.8, 2.4, 3.5, 4.1, 5.1, 7.3, 6.3]

plt.figure(figsize=(6, 4))
plt.bar(days, visitors, color='#55A868')
for i, value in enumerate(visitors):
    plt.text(i, value, str(value), ha='center', va='bottom')
plt.title('Museum visitors per day')
plt.xlabel('Day')
plt.ylabel('Visitors (thousands)')
plt.show()
