NEBULA - Partie ORION - Tour 5
Joueur : "Maxtor":5 (Empereur)
Points : 297 (+48)

Vos niveaux technologiques :
DEplacement : 3 (+6/10)
ATtaque : 2 (5), Votre CA est de : 55
DEfense : 1 (10), Votre CD est de : 100
RADar : 1 (5)
Connaissance des ALIens : 0 (+3/5)
CARgaison : 1 (10)

Statistiques
Capacité minière : 9
Populations : 159
Convertis : 0
Robots : 0
Cargaison transportée : 0
Mondes : 3
Flottes : 6
Industries : 32
Industries actives : 22
Vaisseaux : 39
Trésors : 1

Vous connaissez de nom : "Miria":7 , "Backchiche":9
Vos déclarations : aucune
Déclarations reçues : J:"Miria":7(5)

M_48 (127,256,304) "Maxtor:3" I=2 [P=84(120)]=1 MP=7(+5) [13,9]
  F_188 "Maxtor" []=4
  F_11 "TAPIMOKET" [?]=5?
Md_127 (48,123,287) "Maxtor:4" [I=30]=2 [P=60(100)]=2 MP=24(+3) [12,7]
  Nom : "Terra Nova"
  F_57 "Maxtor" []=8
  F_128 "Maxtor" []=10
  F_240 "Maxtor" []=3+2T
  F_301 "Maxtor" []=4
M_287 (127,99) "Maxtor:2" [P=15(30)]=1 MP=5(+1) [14,5]
  T_57 <La machine perdue>
  F_157 "Maxtor" []=3
