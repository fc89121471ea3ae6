import numpy as np
import matplotlib.pyplot as plt

regions = ['North', 'South', 'East', 'West']
firms = [400, 500, 600, 700]
cost = [150, 120, 140, 160]
cases = [250, 300, 350, 400]
x = np.arange(len(regions))
width = 0.25

plt.figure(figsize=(7, 5))
plt.bar(x - width, firms, width, color='#1f77b4', label='Number of Law Firms')
plt.bar(x, cost, width, color='#ff7f0e', label='Average Cost per Hour (USD)')
plt.bar(x + width, cases, width, color='#2ca02c', label='Number of Cases')
plt.xticks(x, regions)
plt.ylim(0, 850)
plt.title('Law and Legal Affairs - An Analysis of Regional Variability')
plt.xlabel('Region')
plt.ylabel('Value')
plt.legend(loc='upper left')
plt.tight_layout()
plt.show()
