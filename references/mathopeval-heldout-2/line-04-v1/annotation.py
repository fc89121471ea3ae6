import matplotlib.pyplot as plt

days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
price = [95.4, 108.2, 100.3, 109.3, 109.2, 98.9, 110.5, 106.5, 110.1, 95.7]

plt.figure(figsize=(7, 4))
plt.plot(days, price, marker='D', color='#8172B3')
for px, py in zip(days, price):
    plt.annotate(str(py), (px, py), textcoords='offset points', xytext=(0, 7), ha='center')
plt.title('Closing price of ACME shares')
plt.xlabel('Trading day')
plt.ylabel('Price ($)')
plt.show()
