import matplotlib.pyplot as plt

weeks = [0, 1, 2, 4, 5, 6, 7, 8]
height = [2, 3, 7, 17, 18, 18, 25, 23]

plt.figure(figsize=(7, 4))
plt.plot(weeks, height, marker='o', color='#55A868')
plt.title('Height of a bean plant')
plt.xlabel('Week')
plt.ylabel('Height (cm)')
plt.show()
