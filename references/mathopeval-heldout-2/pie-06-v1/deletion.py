import matplotlib.pyplot as plt

channels = ['Search', 'Direct', 'Social']
traffic = [48, 22, 21]
colors = ['#66c2a5', '#fc8d62', '#8da0cb']

plt.figure(figsize=(6, 6))
plt.pie(traffic, labels=channels, colors=colors, startangle=90)
plt.title('Website traffic sources')
plt.axis('equal')
plt.show()
