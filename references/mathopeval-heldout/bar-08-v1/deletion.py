import matplotlib.pyplot as plt

animals = ['Cheetah', 'Lion', 'Horse', 'Greyhound']
speeds = [125, 103, 102, 70]

plt.figure(figsize=(6, 4))
plt.bar(animals, speeds, color='#DA8BC3')
plt.title('Top running speed of animals')
plt.xlabel('Animal')
plt.ylabel('Speed (km/h)')
plt.show()
