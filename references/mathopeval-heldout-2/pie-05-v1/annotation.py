import matplotlib.pyplot as plt

pets = ['Dogs', 'Cats', 'Fish', 'Birds', 'Other']
votes = [43, 28, 10, 7, 12]
colors = ['#4C72B0', '#DD8452', '#55A868', '#C44E52', '#8172B3']

plt.figure(figsize=(6, 6))
plt.pie(votes, labels=pets, colors=colors, startangle=90, autopct='%1.0f%%')
plt.title('Favourite pet in a class survey')
plt.axis('equal')
plt.show()
