import matplotlib.pyplot as plt

A = [[0, 0, 0],
     [1, 2, 3],
     [2, 4, 6]]

for i in range(len(A) - 1):
    plt.stairs(A[i+1], baseline=A[i], fill=True)

plt.show()
