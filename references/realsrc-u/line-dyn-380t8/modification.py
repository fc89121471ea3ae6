import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
temps = [36, 37, 39, 25, 23, 27, 36, 12, 17, 24, 37, 15]

plt.figure(figsize=(8, 5))
plt.plot(x, temps, color='red', linewidth=1.5, marker='o')
plt.xticks(x, months)
plt.yticks(range(0, 41, 5))
plt.xlim(-0.55, 11.55)
plt.ylim(7, 42)
plt.ylabel('Temperature', fontsize=18)
plt.title('Average temperature in Cape Town, South Africa', fontsize=18)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.grid()
plt.tight_layout()
plt.show()
