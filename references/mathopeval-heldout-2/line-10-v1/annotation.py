import matplotlib.pyplot as plt

hours = [8, 10, 12, 14, 16, 18, 20]
visitors = [136, 387, 424, 372, 466, 497, 281]

plt.figure(figsize=(7, 4))
plt.plot(hours, visitors, marker='o', color='#64B5CD')
for px, py in zip(hours, visitors):
    plt.annotate(str(py), (px, py), textcoords='offset points', xytext=(0, 7), ha='center')
plt.title('Visitors to a website per hour')
plt.xlabel('Hour of day')
plt.ylabel('Visitors')
plt.show()
