import matplotlib.pyplot as plt

months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
region1 = [-9, -7, 17, -5, 9, 17, 0, -8, 5, 16, 9, 17]
region2 = [16, 5, 19, -9, -7, 15, 8, -7, 9, 10, 17, -9]

plt.figure(figsize=(9, 5.5))
plt.plot(range(12), region1, label='Region 1', color='blue', linewidth=1.5, marker='o')
plt.plot(range(12), region2, label='Region 2', color='green', linewidth=1.5, marker='o')
plt.xticks(range(12), months)
plt.yticks(range(-10, 21, 5))
plt.xlim(-0.5, 11.5)
plt.ylim(-11, 24)
plt.ylabel('Temperature', fontsize=18)
plt.title('Monthly Average Temperatures in Two Regions', fontsize=16)
plt.tick_params(axis='both', which='major', labelsize=14)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid(True)
plt.tight_layout()
plt.show()
