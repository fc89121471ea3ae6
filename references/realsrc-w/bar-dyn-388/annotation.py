import matplotlib.pyplot as plt

countries = ['USA', 'Canada', 'UK', 'Australia']
bins = [10, 50, 100, 150, 200]
counts = {'USA': [23, 21, 27, 29], 'Canada': [19, 31, 29, 21],
          'UK': [21, 31, 20, 28], 'Australia': [23, 21, 29, 27]}
ylims = {'USA': 30.45, 'Canada': 32.55, 'UK': 32.55, 'Australia': 30.45}

plt.figure(figsize=(12, 10))
for i, country in enumerate(countries):
    plt.subplot(2, 2, i + 1)
    plt.hist(bins[:-1], bins=bins, weights=counts[country], color='green', edgecolor='black')
    for left, right, n in zip(bins[:-1], bins[1:], counts[country]):
        plt.text((left + right) / 2, n - 0.8, str(n), fontsize=16, color='white', ha='center', va='top')
    plt.xlim(0.5, 209.5)
    plt.ylim(0, ylims[country])
    plt.title(country, fontsize=18)
    if country == 'UK' or country == 'Australia':
        plt.xlabel('Donation Amount ($)', fontsize=18)
    plt.ylabel('Number of Donations', fontsize=18)
    plt.tick_params(axis='both', which='major', labelsize=18)
plt.suptitle('Donation Amount Distribution by Country', fontsize=24)
plt.subplots_adjust(left=0.08, right=0.98, bottom=0.08, top=0.88, wspace=0.3, hspace=0.25)
plt.show()
