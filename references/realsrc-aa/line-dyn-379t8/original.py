import numpy as np
import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
city1 = [21, 11, 20, 13, 29, 37, 36, 25, 39, 25, 11, 21]
city2 = [32, 30, 11, 20, 15, 26, 32, 13, 26, 35, 35, 21]
x = np.arange(12)
plt.figure(figsize=(7.6, 4.8))
plt.plot(x, city1, label='City 1', color='blue', linewidth=1.5, marker='o', linestyle='dashed')
plt.plot(x, city2, label='City 2', color='red', linewidth=1.5, marker='o', linestyle='dashed')
plt.xticks(x, months)
plt.yticks(np.arange(10, 41, 5))
plt.xlim(-0.55, 11.55)
plt.ylim(9.6, 40.4)
plt.ylabel('Temperature', fontsize=18)
plt.title('Monthly Average Temperatures', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid()
plt.subplots_adjust(left=0.11, right=0.81, bottom=0.1, top=0.92)
plt.show()
