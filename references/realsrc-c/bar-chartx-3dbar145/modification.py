import numpy as np
import matplotlib.pyplot as plt

departments = ['Computer Science', 'Civil Engineering', 'Mechanical Engineering', 'Electrical Engineering', 'Bioengineering']
undergrad = [650, 400, 700, 500, 450]
postgrad = [300, 200, 300, 280, 250]
projects = [55, 35, 70, 40, 60]
x = np.arange(len(departments))
width = 0.25

plt.figure(figsize=(9, 5.5))
plt.bar(x - width, undergrad, width, color='#1f77b4', label='Number of Undergraduate Students')
plt.bar(x, postgrad, width, color='#ff7f0e', label='Number of Postgraduate Students')
plt.bar(x + width, projects, width, color='#2ca02c', label='Number of Research Projects')
plt.xticks(x, departments, rotation=20, ha='right')
plt.ylim(0, 950)
plt.title('Student and Research Project Distribution in Science and Engineering Departments')
plt.xlabel('Department')
plt.ylabel('Number')
plt.legend(loc='upper right')
plt.tight_layout()
plt.show()
