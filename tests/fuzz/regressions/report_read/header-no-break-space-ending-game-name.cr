NEBULA - Partie X  -
M_1 (2)
