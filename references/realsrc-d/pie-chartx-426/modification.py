import matplotlib.pyplot as plt

labels = ['Property Damage', 'Traffic Violations', 'Drug Use', 'Disorderly Conduct', 'Public Intoxication', 'Disorderly Assembly', 'Other']
shares = [25, 20, 15, 15, 10, 10, 15]
colors = ['#1f77b4', '#ff7f0e', '#17becf', '#d62728', '#9467bd', '#8c564b', '#e377c2']

plt.figure(figsize=(8, 6))
plt.pie(shares, labels=labels, colors=colors, startangle=90)
plt.title('Common Law Violations in the United States, 2023', pad=20)
plt.axis('equal')
plt.show()
