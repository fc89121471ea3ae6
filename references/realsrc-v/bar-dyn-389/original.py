import numpy as np
import matplotlib.pyplot as plt

bins = np.arange(0, 31, 5)
months_a = [1, 3, 0, 3, 4, 1]
months_b = [1, 0, 5, 3, 1, 2]

plt.figure(figsize=(12, 6))
plt.subplot(1, 2, 1)
plt.hist(bins[:-1], bins=bins, weights=months_a, color='blue', edgecolor='black')
plt.xlim(-1.5, 31.5)
plt.ylim(0, 6)
plt.yticks(np.arange(0, 8, 2))
plt.title('City A', fontsize=20)
plt.xlabel('Number of Rainy Days', fontsize=18)
plt.ylabel('Number of Months', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=20)

plt.subplot(1, 2, 2)
plt.hist(bins[:-1], bins=bins, weights=months_b, color='green', edgecolor='black')
plt.xlim(-1.5, 31.5)
plt.ylim(0, 6)
plt.yticks(np.arange(0, 8, 2))
plt.title('City B', fontsize=20)
plt.xlabel('Number of Rainy Days', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=20)

plt.suptitle('Monthly Rainy Days Distribution by City', fontsize=22)
plt.subplots_adjust(left=0.08, right=0.97, bottom=0.13, top=0.86)
plt.show()
