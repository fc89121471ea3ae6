import matplotlib.pyplot as plt

sources = ['Coal', 'Gas', 'Nuclear', 'Hydro', 'Wind', 'Solar']
generation = [211, 274, 68, 72, 122, 62]

plt.figure(figsize=(6, 4))
plt.bar(sources, generation, color='#C44E52')
plt.title('Electricity generation by source')
plt.xlabel('Source')
plt.ylabel('Generation (TWh)')
plt.show()
