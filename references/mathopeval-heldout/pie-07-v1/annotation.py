import matplotlib.pyplot as plt

types = ['O', 'A', 'B', 'AB']
frequency = [46, 39, 11, 4]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52']

plt.figure(figsize=(6, 6))
plt.pie(frequency, labels=types, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('Blood types in a population')
plt.axis('equal')
plt.show()
