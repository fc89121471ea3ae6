import numpy as np
import matplotlib.pyplot as plt

employees = ['John', 'Sarah', 'David', 'Jane']
salary = [5000, 4500, 4600, 4200]
benefits = [1400, 1300, 1200, 1100]
x = np.arange(len(employees))
width = 0.35

plt.figure(figsize=(6, 4))
plt.bar(x - 0.5 * width, salary, width, color='#1f77b4', label='Salary(USD)')
plt.xticks(x, employees)
plt.ylim(0, 6500)
plt.title('Employee salaries and benefits in 2021')
plt.xlabel('Employee')
plt.ylabel('Amount(USD)')
plt.legend(loc='upper right')
plt.show()
