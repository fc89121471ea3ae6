import numpy as np
import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
year1 = [237, 276, 227, 261, 298, 251, 224, 123, 141, 191, 190, 205]
year2 = [117, 283, 177, 257, 144, 257, 251, 253, 238, 267, 235, 187]
x = np.arange(12)
plt.figure(figsize=(7.6, 4.8))
plt.plot(x, year1, label='Year 1', color='purple', linewidth=1.5, marker='o', linestyle='dashed')
plt.xticks(x, months)
plt.yticks(np.arange(100, 301, 20))
plt.xlim(-0.55, 11.55)
plt.ylim(100, 307)
plt.ylabel('Stock Prices', fontsize=18)
plt.title('Monthly Stock Prices Over Two Years', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid()
plt.subplots_adjust(left=0.12, right=0.82, bottom=0.1, top=0.92)
plt.show()
