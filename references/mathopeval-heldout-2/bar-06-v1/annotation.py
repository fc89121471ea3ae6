import matplotlib.pyplot as plt

sources = ['Coal', 'Gas', 'Nuclear', 'Hydro', 'Wind', 'Solar']
generation = [211, 274, 68, 72, 122, 62]

plt.figure(figsize=(6, 4))
plt.bar(sources, generation, color='#C44E52')
for i, value in enumerate(generation):
    plt.text(i, value, str(value), ha='center', va='bottom')
plt.title('Electricity generation by source')
plt.xlabel('Source')
plt.ylabel('Generation (TWh)')
plt.show()
