import matplotlib.pyplot as plt

activities = ['Sleep', 'Work', 'Leisure', 'Commute']
time = [39, 32, 14, 15]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(time, labels=activities, colors=colors, startangle=90)
plt.title('How a weekday is spent')
plt.axis('equal')
plt.show()
