import numpy as np
import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
temps = [2, 30, 24, 13, 28, 1, 36, 29, 10, 37, 9, 41]
x = np.arange(12)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, temps, color='orange', linewidth=1.5, marker='o', linestyle='dashed')
for i, j in zip(x, temps):
    plt.text(i, j, f'{j}', ha='center', va='bottom', fontsize=12)
plt.xticks(x, months)
plt.yticks(np.arange(0, 46, 5))
plt.xlim(-0.55, 11.55)
plt.ylim(-1, 45)
plt.ylabel('Temperature', fontsize=20)
plt.title('Average temperature in Cape Town', fontsize=20)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.grid()
plt.subplots_adjust(left=0.14, right=0.97, bottom=0.1, top=0.9)
plt.show()
