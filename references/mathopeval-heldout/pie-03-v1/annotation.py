import matplotlib.pyplot as plt

activities = ['Sleep', 'Work', 'Leisure', 'Commute']
time = [42, 35, 13, 10]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(time, labels=activities, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('How a weekday is spent')
plt.axis('equal')
plt.show()
