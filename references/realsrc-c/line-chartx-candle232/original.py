import matplotlib.pyplot as plt

dates = ['2021-01-05', '2021-01-12', '2021-01-19', '2021-01-26', '2021-02-02', '2021-02-09', '2021-02-16', '2021-02-23', '2021-03-02', '2021-03-09', '2021-03-16', '2021-03-23', '2021-03-30']
closing = [77, 75.5, 70, 73, 78.1, 78, 82, 80.5, 83, 88, 85.5, 82, 80]

plt.figure(figsize=(8, 4.5))
plt.plot(dates, closing, marker='o', color='#1f77b4')
plt.ylim(65, 95)
plt.title('Financial Trend of Sports and Entertainment Company')
plt.xlabel('Date')
plt.ylabel('Closing Price ($)')
plt.xticks(rotation=45)
plt.tight_layout()
plt.show()
