NEBULA - Partie ORION - Tour 7

M_123 (127,77,410) "Maxtor"! I=5 P=31(60)/9C:0Miria" MP=8(+3) [10,6]
  F_128 "Maxtor" []=7 *F_204
  F_204 "Miria" [?]=3+1T *F_128
  T_77 <La potion invisible>
