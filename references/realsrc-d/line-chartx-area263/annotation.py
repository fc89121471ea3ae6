import matplotlib.pyplot as plt

categories = ['Music', 'Visual Arts', 'Theater', 'Dance', 'Literature', 'Film']
artists = [100, 150, 100, 75, 50, 25]
performers = [150, 100, 200, 150, 75, 50]

plt.figure(figsize=(7, 4.5))
plt.plot(categories, artists, marker='o', color='#1f77b4', label='Artists')
plt.plot(categories, performers, marker='s', color='#ff7f0e', label='Performers')
plt.annotate('200', (2, 200), textcoords='offset points', xytext=(0, 10), ha='center', va='center')
plt.annotate('25', (5, 25), textcoords='offset points', xytext=(0, -12), ha='center', va='center')
plt.ylim(0, 250)
plt.title('Arts and Culture Industry Distribution')
plt.xlabel('Category')
plt.ylabel('Number')
plt.legend(loc='upper right')
plt.tight_layout()
plt.show()
