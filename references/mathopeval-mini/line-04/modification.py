import matplotlib.pyplot as plt

days = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
price = [101.5, 103.2, 102.8, 105.1, 107.4, 106.9, 104.3, 86.5, 110.2, 109.7]

plt.figure(figsize=(7, 4))
plt.plot(days, price, marker='D', color='#8172B3')
plt.title('Closing price of ACME shares')
plt.xlabel('Trading day')
plt.ylabel('Price ($)')
plt.show()
