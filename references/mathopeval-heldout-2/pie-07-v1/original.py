import matplotlib.pyplot as plt

types = ['O', 'A', 'B', 'AB']
frequency = [38, 48, 10, 4]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(frequency, labels=types, colors=colors, startangle=90)
plt.title('Blood types in a population')
plt.axis('equal')
plt.show()
