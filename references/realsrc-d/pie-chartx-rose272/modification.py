import matplotlib.pyplot as plt

labels = ['Physics', 'Chemistry', 'Engineering', 'Computer Science', 'Mathematics', 'Astronomy', 'Geology', 'Robotics', 'Nanotechnology']
values = [780, 670, 1020, 320, 590, 120, 230, 220, 130]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22']

plt.figure(figsize=(8, 6))
plt.pie(values, labels=labels, colors=colors, startangle=0)
plt.title('Number of Scientists and Engineers in Different Fields', pad=20)
plt.axis('equal')
plt.show()
