NEBULA - Partie ORION - Tour 7
Joueur : "Maxtor":5 (Empereur)
Points : 412 (+64)

Vos niveaux technologiques :
DEplacement : 4 (+4/10)
ATtaque : 2 (+1/5), Votre CA est de : 55
DEfense : 1 (10), Votre CD est de : 100
RADar : 1 (+3/5)
Connaissance des ALIens : 1 (5)
CARgaison : 1 (10)

Statistiques
Capacité minière : 14
Populations : 1:402 2:"Miria":331 3:"Maxtor":236 5:"TAPIMOKET":187 8:96 M : 241 [Erreur=10%]

Convertis : 0
Robots : 0
Cargaison transportée : 8
Mondes : 5
Flottes : 7
Industries : 40
Industries actives : 19
Vaisseaux : 45
Trésors : 1

Vous connaissez de nom : "Miria":7, "Backchiche":9, "TAPIMOKET":2, "LE BARBARE TABATABA":12
Vos déclarations : A:"TAPIMOKET":2 C:"TAPIMOKET":2
Déclarations reçues : A:"TAPIMOKET":2 C:"TAPIMOKET":2 J:"Miria":7(5)

M_48 (127,256,304) "Maxtor:5" I=4 [P=99(120)]=1 MP=6(+5) [13,9]
  F_57 "Maxtor" []=12 du M_127
  F_11 ("TAPIMOKET") [?]=2+3T
  {F_233 "Miria" du M_304 vers M_256}
M_65 * Trou noir *****
M_99 (287) "Maxtor"! P=8(15) MP=2(+2) [15,3]
  F_90 "Maxtor"! []=2
  {F_157 "Maxtor" vers M_287}
M_123 (127,77,410) "Maxtor"! I=6 P=31(60)/9C:"Miria" MP=8(+3) [10,6]
  F_128 "Maxtor" []=7 *F_204
  F_204 "Miria" [?]=3+1T *F_128
  T_77 <La potion invisible>
Md_127 (48,123,287) "Maxtor:6" [I=12/30]=2 [P=71(100)]=2 MP=12(+3) [12,7]
  Nom : "Terra Nova"
  F_240 "Maxtor" [3,2N]=3+2T
  F_301 "Maxtor" []=6
  {F_57 "Maxtor" vers M_48}
M_256 (48,91,333,12) P=64 (90) MP=11 (+4)
  F_188 "Maxtor" []=4 du M_65
  F_412 "LE BARBARE TABATABA" [?]=6+18T
  F_233 "Miria" [?]=5 du M_48
M_287 (127,99) "Maxtor:4" [P=18(30)]=1 MP=4(+1) PC=1 [14,5]
  Corrompu par : "Miria"
  T_57 <La machine perdue>
  F_157 "Maxtor" [3]=3 du M_99
