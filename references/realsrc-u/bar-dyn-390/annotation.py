import matplotlib.pyplot as plt

lefts = [50, 60, 70, 80, 90]
counts = [6, 6, 3, 8, 7]

plt.figure(figsize=(8, 5))
plt.bar(lefts, counts, width=10, align='edge', color='blue', edgecolor='black')
plt.xlabel('Score Range', fontsize=16)
plt.ylabel('Number of Students', fontsize=16)
plt.title('Distribution of Scores', fontsize=18)
plt.xticks([50, 60, 70, 80, 90, 100])
plt.yticks([1, 2, 3, 4, 5, 6, 7, 8])
plt.tick_params(axis='both', which='major', labelsize=20)
plt.xlim(47.5, 102.5)
plt.ylim(0, 8.4)
for left, c in zip(lefts, counts):
    plt.text(left + 5, c - 0.3, str(c), color='white', fontsize=16, ha='center', va='top')
plt.subplots_adjust(left=0.12, right=0.97, bottom=0.16, top=0.9)
plt.show()
