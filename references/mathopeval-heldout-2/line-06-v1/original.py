import matplotlib.pyplot as plt

minutes = [5, 10, 15, 20, 25, 30, 35]
distance = [1.2, 2.2, 3.2, 4.5, 5.8, 6.8, 8.3]

plt.figure(figsize=(7, 4))
plt.plot(minutes, distance, marker='^', color='#4C72B0')
plt.title('Distance covered in a training run')
plt.xlabel('Time (min)')
plt.ylabel('Distance (km)')
plt.show()
