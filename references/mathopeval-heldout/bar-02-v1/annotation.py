import matplotlib.pyplot as plt

days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
visitors = [3.8, 2.2, 4.1, 5.1, 6.2, 7.8, 5.9]

plt.figure(figsize=(6, 4))
plt.bar(days, visitors, color='#55A868')
for i, value in enumerate(visitors):
    plt.text(i, value, str(value), ha='center', va='bottom')
plt.title('Museum visitors per day')
plt.xlabel('Day')
plt.ylabel('Visitors (thousands)')
plt.show()
