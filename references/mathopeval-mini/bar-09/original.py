import matplotlib.pyplot as plt

phones = ['Model A', 'Model B', 'Model C', 'Model D', 'Model E']
hours = [18.5, 22.5, 15.5, 20.5, 24.5]

plt.figure(figsize=(6, 4))
plt.bar(phones, hours, color='#64B5CD')
plt.title('Battery life of five phones')
plt.xlabel('Phone')
plt.ylabel('Battery life (hours)')
plt.show()
