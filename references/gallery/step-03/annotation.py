import matplotlib.pyplot as plt

A = [[0, 0, 0],
     [1, 2, 3],
     [2, 4, 6],
     [3, 6, 9]]

for i in range(len(A) - 1):
    plt.stairs(A[i+1], baseline=A[i], fill=True)
    plt.text(1.5, (A[i][1] + A[i+1][1]) / 2, f'layer {i + 1}', ha='center', va='center')

plt.show()
