import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr']
painting_a = [4000, 3000, 3500, 3800]
painting_b = [3500, 4000, 3000, 3200]
photo_a = [2500, 2800, 2300, 2500]
photo_b = [3000, 3200, 3600, 3500]

plt.figure(figsize=(6, 4))
plt.plot(months, painting_a, marker='o', color='#1f77b4', label='Painting A')
plt.plot(months, painting_b, marker='s', color='#ff7f0e', label='Painting B')
plt.plot(months, photo_a, marker='^', color='#2ca02c', label='Photography A')
plt.plot(months, photo_b, marker='D', color='#d62728', label='Photography B')
plt.ylim(2000, 5200)
plt.title('Price of Artworks and Photographs in the Year 2021')
plt.xlabel('Month')
plt.ylabel('Price')
plt.legend(loc='upper right')
plt.show()
