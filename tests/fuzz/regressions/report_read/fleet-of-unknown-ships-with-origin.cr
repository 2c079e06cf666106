NEBULA - Partie KARNAJ - Tour 2
Joueur : "Maxtor":5 (Empereur)

F_2du M_505
