import numpy as np
import matplotlib.pyplot as plt

companies = ['Walmart', 'Apple', 'Amazon', 'Microsoft', 'Alphabet', 'Facebook', 'Alibaba', 'Tesla', 'Johnson & Johnson']
market_cap = [395, 2250, 1700, 1850, 1500, 850, 570, 830, 420]
colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22']

fig, ax = plt.subplots(figsize=(9, 6.5))
wedges, texts, autotexts = ax.pie(market_cap, colors=colors, startangle=90, autopct='%1.1f%%',
                                  pctdistance=0.75, textprops={'fontsize': 10})
for w, v in zip(wedges, market_cap):
    a = np.deg2rad((w.theta1 + w.theta2) / 2)
    ax.text(1.15 * np.cos(a), 1.15 * np.sin(a), f'${v}B', ha='center', va='center', fontsize=10)
ax.legend(wedges, companies, loc='center left', bbox_to_anchor=(1, 0.5), fontsize=10)
ax.set_title('Market Cap of Major Global Companies, 2023 (Billion $)', fontsize=13, pad=30)
ax.axis('equal')
plt.tight_layout()
plt.show()
