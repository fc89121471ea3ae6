import matplotlib.pyplot as plt

genres = ['Fiction', 'Mystery', 'Science', 'History', 'Poetry']
loans = [298, 203, 133, 84, 50]

plt.figure(figsize=(6, 4))
plt.barh(genres, loans, color='#937860')
for i, value in enumerate(loans):
    plt.text(value + 2.98, i, str(value), va='center')
plt.title('Library loans by genre')
plt.xlabel('Books borrowed')
plt.ylabel('Genre')
plt.show()
