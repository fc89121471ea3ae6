import matplotlib.pyplot as plt

days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
price = [100.9, 109.7, 98.6, 98.7, 98.3, 99.5, 106.2, 103.2, 122.5, 108.9]

plt.figure(figsize=(7, 4))
plt.plot(days, price, marker='D', color='#8172B3')
plt.title('Closing price of ACME shares')
plt.xlabel('Trading day')
plt.ylabel('Price ($)')
plt.show()
