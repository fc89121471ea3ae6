# Two series as lines with a legend; ends with plt.show() (captured, never blocks).
import matplotlib.pyplot as plt
import numpy as np

x = np.linspace(0, 2 * np.pi, 50)
plt.figure(figsize=(5, 3.5))
plt.plot(x, np.sin(x), color="tab:orange", label="sin")
plt.plot(x, np.cos(x), color="tab:green", linestyle="--", label="cos")
plt.legend()
plt.title("Waves")
plt.show()
