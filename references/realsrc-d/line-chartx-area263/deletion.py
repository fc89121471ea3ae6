import matplotlib.pyplot as plt

categories = ['Music', 'Visual Arts', 'Theater', 'Dance', 'Literature', 'Film']
artists = [100, 150, 100, 75, 50, 25]
performers = [150, 100, 200, 150, 75, 50]

plt.figure(figsize=(7, 4.5))
plt.plot(categories, performers, marker='s', color='#ff7f0e', label='Performers')
plt.ylim(0, 250)
plt.title('Arts and Culture Industry Distribution')
plt.xlabel('Category')
plt.ylabel('Number')
plt.legend(loc='upper right')
plt.tight_layout()
plt.show()
