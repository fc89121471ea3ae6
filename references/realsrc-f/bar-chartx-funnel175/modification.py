import matplotlib.pyplot as plt

stages = ['Research', 'Inquiry', 'Shortlist', 'Offer', 'Closing']
values = [1000, 800, 600, 500, 200]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd']

fig, ax = plt.subplots(figsize=(7.5, 4.5))
ax.barh(stages, values, left=[-v / 2 for v in values], height=0.8, color=colors)
for i, v in enumerate(values):
    ax.text(0, i, str(v), ha='center', va='center', color='white', fontsize=12)
ax.invert_yaxis()
ax.set_xlim(-600, 750)
ax.set_xticks([])
for side in ['top', 'right', 'bottom']:
    ax.spines[side].set_visible(False)
ax.set_title('House Purchases in Real Estate and Housing Market in 2020')
plt.tight_layout()
plt.show()
