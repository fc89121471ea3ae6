import matplotlib.pyplot as plt

pets = ['Cats', 'Fish', 'Birds', 'Other']
votes = [28, 10, 7, 12]
colors = ['#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(votes, labels=pets, colors=colors, startangle=90)
plt.title('Favourite pet in a class survey')
plt.axis('equal')
plt.show()
