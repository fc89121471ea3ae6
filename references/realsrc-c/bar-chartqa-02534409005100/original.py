import matplotlib.pyplot as plt

causes = ['Heart disease', 'Cancers', 'Stroke', 'Accidents', 'Pneumonia and influenza', 'Road accidents', 'Diabetes', 'Suicide', 'Tuberculosis']
rates = [371.7, 155.3, 104.7, 58.1, 32.5, 27.1, 17.7, 10.9, 3.9]

plt.figure(figsize=(7.5, 4.5))
plt.barh(causes, rates, color='#1f77b4')
plt.gca().invert_yaxis()
plt.xlim(0, 420)
plt.title('Death rates through the 20th century, United States, 1966')
plt.xlabel('Death rate')
plt.tight_layout()
plt.show()
