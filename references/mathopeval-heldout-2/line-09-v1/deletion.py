import matplotlib.pyplot as plt

terms = [1, 2, 3, 5, 6]
math = [69, 75, 77, 79, 72]
science = [76, 64, 78, 79, 78]

plt.figure(figsize=(7, 4))
plt.plot(terms, math, marker='o', color='#55A868', label='Math')
plt.plot(terms, science, marker='^', linestyle='--', color='#8172B3', label='Science')
plt.title('Average grade per term')
plt.xlabel('Term')
plt.ylabel('Average grade')
plt.legend()
plt.show()
