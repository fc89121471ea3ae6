import matplotlib.pyplot as plt

phones = ['Model A', 'Model B', 'Model C', 'Model D', 'Model E']
hours = [22.7, 26.8, 12.5, 23.8, 21.1]

plt.figure(figsize=(6, 4))
plt.bar(phones, hours, color='#64B5CD')
plt.title('Battery life of five phones')
plt.xlabel('Phone')
plt.ylabel('Battery life (hours)')
plt.show()
