import matplotlib.pyplot as plt

genres = ['Mystery', 'Science', 'History', 'Poetry']
loans = [203, 133, 84, 50]

plt.figure(figsize=(6, 4))
plt.barh(genres, loans, color='#937860')
plt.title('Library loans by genre')
plt.xlabel('Books borrowed')
plt.ylabel('Genre')
plt.show()
