import matplotlib.pyplot as plt

types = ['O', 'A', 'B']
frequency = [46, 39, 11]
colors = ['#4C72B0', '#DD8452', '#55A868']

plt.figure(figsize=(6, 6))
plt.pie(frequency, labels=types, colors=colors, startangle=90)
plt.title('Blood types in a population')
plt.axis('equal')
plt.show()
