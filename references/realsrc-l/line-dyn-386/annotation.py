import matplotlib.pyplot as plt

games = [f'G{i + 1}' for i in range(10)]
player1 = [40, 70, 80, 40, 20, 10, 80, 40, 20, 30]
player2 = [30, 40, 80, 50, 50, 70, 20, 30, 10, 80]

plt.figure(figsize=(9, 5.5))
plt.plot(range(10), player1, label='Player 1', color='red', linewidth=1.5, marker='o')
plt.plot(range(10), player2, label='Player 2', color='blue', linewidth=1.5, marker='o')
plt.axhline(43, color='red', linestyle='--', linewidth=1, label='Player 1 mean (43)')
plt.axhline(46, color='blue', linestyle='--', linewidth=1, label='Player 2 mean (46)')
plt.xticks(range(10), games)
plt.yticks(range(10, 101, 10))
plt.xlim(-0.5, 9.5)
plt.ylim(5, 105)
plt.ylabel('Performance Score', fontsize=16)
plt.title('Player Performance Throughout the Season', fontsize=16)
plt.tick_params(axis='both', which='major', labelsize=16)
plt.legend(loc='upper left', bbox_to_anchor=(1, 1), fontsize=12)
plt.grid(True)
plt.tight_layout()
plt.show()
