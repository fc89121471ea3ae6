import matplotlib.pyplot as plt

channels = ['Search', 'Direct', 'Email']
traffic = [53, 24, 9]
colors = ['#1f77b4', '#ff7f0e', '#d62728']

plt.figure(figsize=(6, 6))
plt.pie(traffic, labels=channels, colors=colors, startangle=90)
plt.title('Website traffic sources')
plt.axis('equal')
plt.show()
