import matplotlib.pyplot as plt

animals = ['Cheetah', 'Lion', 'Horse', 'Greyhound', 'Rabbit']
speeds = [175, 103, 102, 70, 50]

plt.figure(figsize=(6, 4))
plt.bar(animals, speeds, color='#DA8BC3')
plt.title('Top running speed of animals')
plt.xlabel('Animal')
plt.ylabel('Speed (km/h)')
plt.show()
