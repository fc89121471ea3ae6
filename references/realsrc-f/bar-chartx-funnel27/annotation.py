import matplotlib.pyplot as plt

stages = ['Research Interests', 'Literature Review', 'Data Collection', 'Analysis and Interpretation', 'Conclusion']
values = [1000, 800, 600, 400, 200]
colors = ['steelblue'] * len(stages)

plt.figure(figsize=(8, 4.5))
plt.barh(stages, values, height=0.6, color=colors)
plt.gca().invert_yaxis()
for i, v in enumerate(values):
    plt.text(v + 15, i, str(v), ha='left', va='center')
plt.xlim(0, 1150)
plt.xlabel('Value')
plt.title('Academic Progress in Social Sciences and Humanities in 2021')
plt.tight_layout()
plt.show()
