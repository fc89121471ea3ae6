import matplotlib.pyplot as plt

clubs = ['Chess', 'Drama', 'Robotics', 'Music', 'Art']
members = [20, 23, 38, 34, 17]

plt.figure(figsize=(6, 4))
plt.barh(clubs, members, color='#8172B3')
plt.title('Members per school club')
plt.xlabel('Members')
plt.ylabel('Club')
plt.show()
