import matplotlib.pyplot as plt

grades = ['Kindergarten', '1st Grade', '2nd Grade', '3rd Grade', '4th Grade', '5th Grade', '6th Grade', '7th Grade', '8th Grade']
scores = [82, 84, 86, 80, 90, 92, 91, 89, 90]
colors = ['#1f77b4'] * len(grades)

plt.figure(figsize=(8, 5))
plt.bar(grades, scores, width=0.6, color=colors)
plt.ylim(0, 100)
plt.title('Average Test Scores by Grade Level in Elementary Education')
plt.xlabel('Grade Level')
plt.ylabel('Average Test Score (Out of 100)')
plt.xticks(rotation=30, ha='right')
plt.tight_layout()
plt.show()
