import matplotlib.pyplot as plt

phones = ['Model A', 'Model B', 'Model C', 'Model D', 'Model E']
hours = [10.2, 24.6, 18.5, 25.2, 26.1]

plt.figure(figsize=(6, 4))
plt.bar(phones, hours, color='#64B5CD')
plt.title('Battery life of five phones')
plt.xlabel('Phone')
plt.ylabel('Battery life (hours)')
plt.show()
