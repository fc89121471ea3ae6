import numpy as np
import matplotlib.pyplot as plt


def normal_pdf(x, sigma):
    return np.exp(-x ** 2 / (2 * sigma ** 2)) / (sigma * np.sqrt(2 * np.pi))


x = np.linspace(-5, 5, 500)
plt.figure(figsize=(6.4, 4.8))
plt.xlim(-5, 5)
plt.ylim(0, 1)
plt.plot(x, normal_pdf(x, 0.5), color='red')
plt.plot(x, normal_pdf(x, 1.36), color='blue')
plt.plot(x, normal_pdf(x, 0.98), color='green')
plt.plot(x, normal_pdf(x, 1.11), color='orange')
plt.xlabel('x', fontsize=14)
plt.ylabel('Probability Density', fontsize=14)
plt.title('Normal Distribution', fontsize=16)
plt.tick_params(axis='both', which='major', labelsize=12)
plt.show()
