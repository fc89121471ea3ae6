import matplotlib.pyplot as plt

temps = [14, 17, 20, 23, 26, 29, 32]
cones = [130, 131, 230, 283, 341, 420, 514]

plt.figure(figsize=(7, 4))
plt.plot(temps, cones, marker='o', color='#DA8BC3')
for px, py in zip(temps, cones):
    plt.annotate(str(py), (px, py), textcoords='offset points', xytext=(0, 7), ha='center')
plt.title('Ice cream sales and temperature')
plt.xlabel('Temperature (°C)')
plt.ylabel('Cones sold')
plt.show()
