NEBULA - Partie ORION - Tour 6
Joueur : "Maxtor":5 (Empereur)
Points : 348 (+51)

Vos niveaux technologiques :
DEplacement : 4 (10)
ATtaque : 2 (5), Votre CA est de : 55
DEfense : 1 (10), Votre CD est de : 100
RADar : 1 (5)
Connaissance des ALIens : 1 (5)
CARgaison : 1 (10)

Statistiques
Capacité minière : 11
Populations : 175
Convertis : 0
Robots : 0
Cargaison transportée : 0
Mondes : 3
Flottes : 6
Industries : 34
Industries actives : 22
Vaisseaux : 41
Trésors : 1

Vous connaissez de nom : "Miria":7, "Backchiche":9, "TAPIMOKET":2
Vos déclarations : A:"TAPIMOKET":2
Déclarations reçues : A:"TAPIMOKET":2 J:"Miria":7(5)

M_48 (127,256,304) "Maxtor:4" I=4 [P=92(120)]=1 MP=9(+5) [13,9]
  F_188 "Maxtor" []=4
  {F_11 "TAPIMOKET" vers M_256}
M_99 (287) P=8(15) MP=2(+2)
  F_157 "Maxtor" []=3 du M_287
M_123 (127,77,410) "Miria:6" [I=6]=2 [P=36(60)/14C]=2 MP=10(+3)
  F_128 "Maxtor" []=10 du M_127
  F_204 "Miria" [?]=6+2T
  T_77 <La potion invisible>
Md_127 (48,123,287) "Maxtor:5" [I=30]=2 [P=66(100)]=2 MP=20(+3) [12,7]
  Nom : "Terra Nova"
  F_57 "Maxtor" []=12
  F_240 "Maxtor" []=3+2T
  F_301 "Maxtor" []=6
  {F_128 "Maxtor" vers M_123}
M_287 (127,99) "Maxtor:3" [P=17(30)]=1 MP=6(+1) [14,5]
  T_57 <La machine perdue>
  {F_157 "Maxtor" vers M_99}
