import matplotlib.pyplot as plt

classes = ['Class A', 'Class B', 'Class C', 'Class E', 'Class F']
scores = [64, 67, 73, 63, 79]

plt.figure(figsize=(6, 4))
plt.bar(classes, scores, color='#55A868')
plt.title('Average test score by class')
plt.xlabel('Class')
plt.ylabel('Score')
plt.show()
