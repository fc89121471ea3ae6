import matplotlib.pyplot as plt

fruits = ['Apples', 'Bananas', 'Cherries', 'Grapes', 'Oranges']
kilograms = [146, 120, 46, 75, 103]

plt.figure(figsize=(6, 4))
plt.bar(fruits, kilograms, color='#DD8452')
plt.title('Fruit sold at the Saturday market')
plt.xlabel('Fruit')
plt.ylabel('Amount sold (kg)')
plt.show()
