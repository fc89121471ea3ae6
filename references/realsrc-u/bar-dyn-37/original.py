import matplotlib.pyplot as plt

names = ['ration', 'posse', 'permit', 'acre', 'ego', 'nerve']
x = [0, 1, 2, 3, 4, 5]
values = [1, 3, 7, 8, 7, 2]

plt.figure(figsize=(6.4, 4.8))
plt.bar(x, values, 0.6, color='blue')
plt.xticks(x, names, fontsize=16)
plt.ylabel('Value', fontsize=18)
plt.yticks([0, 2, 4, 6, 8, 10], fontsize=18)
plt.xlim(-0.6, 5.6)
plt.ylim(0, 9.5)
plt.subplots_adjust(left=0.13, right=0.97, bottom=0.1, top=0.9)
plt.show()
