import numpy as np
import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
rain = [129, 151, 57, 132, 56, 67, 179, 116, 81, 70, 52, 103]
x = np.arange(12)
plt.figure(figsize=(6.4, 4.8))
plt.plot(x, rain, color='blue', linewidth=1.5, marker='o', linestyle='dashed')
plt.xticks(x, months)
plt.yticks([50, 70, 90, 110, 130, 150, 170, 190, 210])
plt.xlim(-0.55, 11.55)
plt.ylim(45.65, 210)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.ylabel('Rainfall (mm)', fontsize=18)
plt.title('Monthly Rainfall Over a Year', fontsize=18)
plt.grid()
plt.show()
