import matplotlib.pyplot as plt

dates = ['2019-07-26', '2019-07-27', '2019-07-28', '2019-07-29', '2019-07-30', '2019-07-31']
closing = [11.2, 11.8, 11.4, 13, 13.2, 13.8]

plt.figure(figsize=(7, 4.5))
plt.plot(dates, closing, marker='o', color='#1f77b4')
plt.ylim(10, 15)
plt.title('Sports and Entertainment Industry Financing Trend Overview')
plt.xlabel('Date')
plt.ylabel('Closing Price ($)')
plt.xticks(rotation=45)
plt.tight_layout()
plt.show()
