import matplotlib.pyplot as plt

animals = ['Cheetah', 'Lion', 'Horse', 'Greyhound', 'Rabbit']
speeds = [101, 72, 107, 62, 41]

plt.figure(figsize=(6, 4))
plt.bar(animals, speeds, color='#DA8BC3')
for i, value in enumerate(speeds):
    plt.text(i, value, str(value), ha='center', va='bottom')
plt.title('Top running speed of animals')
plt.xlabel('Animal')
plt.ylabel('Speed (km/h)')
plt.show()
