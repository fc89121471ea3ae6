import numpy as np
import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
temps = [0, 20, 36, 24, 28, 16, 8, 40, 44, 32, 12, 4]

plt.figure(figsize=(6.4, 4.8))
plt.plot(x, temps, color='orange', linewidth=1.5, marker='o')
plt.xticks(x, months, fontsize=14)
plt.yticks(np.arange(0, 45, 5), fontsize=14)
plt.xlim(-0.55, 11.55)
plt.ylim(-6, 48)
plt.ylabel('Temperature', fontsize=16)
plt.title('Average temperature in Cape Town, South Africa', fontsize=16)
plt.grid()
for xi, t in zip(x, temps):
    plt.text(xi, t - 1.5, str(t), fontsize=11, ha='center', va='top')
plt.show()
