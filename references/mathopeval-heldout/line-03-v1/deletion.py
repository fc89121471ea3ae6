import matplotlib.pyplot as plt

weeks = [0, 1, 2, 3, 4, 6, 7, 8]
height = [2, 4, 7, 10, 17, 20, 23, 24]

plt.figure(figsize=(7, 4))
plt.plot(weeks, height, marker='o', color='#55A868')
plt.title('Height of a bean plant')
plt.xlabel('Week')
plt.ylabel('Height (cm)')
plt.show()
