import matplotlib.pyplot as plt

channels = ['Search', 'Direct', 'Social', 'Email']
traffic = [53, 22, 21, 4]
colors = ['#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3']

plt.figure(figsize=(6, 6))
plt.pie(traffic, labels=channels, colors=colors, startangle=90)
plt.title('Website traffic sources')
plt.axis('equal')
plt.show()
