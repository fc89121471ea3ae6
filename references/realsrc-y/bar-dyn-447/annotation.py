import matplotlib.pyplot as plt

tasks = ['A', 'B', 'C', 'D', 'E']
starts = [0, 3, 0, 7, 9]
durations = [1, 2, 3, 8, 2]

fig, ax = plt.subplots(figsize=(10, 6))
for i, task in enumerate(tasks):
    ax.barh(task, durations[i], left=starts[i], color='skyblue')
for i in range(len(tasks)):
    ax.text(starts[i] + durations[i] / 2, i, str(durations[i]), fontsize=16, ha='center', va='center')
ax.set_xlim(0, 15.75)
ax.set_ylim(-0.64, 4.64)
ax.set_xlabel('Time', fontsize=20)
ax.set_title('Gantt Chart', fontsize=20)
plt.tick_params(axis='x', which='major', labelsize=20)
plt.tick_params(axis='y', which='major', labelsize=24)
fig.subplots_adjust(left=0.08, right=0.97, bottom=0.14, top=0.9)
plt.show()
