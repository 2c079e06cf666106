# Rulings window: the rule book's sections, where a ruling applies, the rulings' texts.

## The rule book's sections (titles of the 2002 book)
book-section-i = Présentation du jeu
book-section-ii = Principe du jeu
book-section-iii = Le monde de Nébula
book-section-iii-1 = Les mondes
book-section-iii-1-1 = La dénomination des mondes
book-section-iii-1-2 = Les connexions entre mondes
book-section-iii-1-3 = Le propriétaire
book-section-iii-1-4 = Les industries
book-section-iii-1-5 = Les populations
book-section-iii-1-6 = Les matières premières ou MP
book-section-iii-2 = Les mondes de départ
book-section-iii-3 = Les trous noirs
book-section-iii-4 = Les flottes
book-section-iii-5 = Les vaisseaux
book-section-iii-5-1 = Les vaisseaux de combat ou VC
book-section-iii-5-2 = Les vaisseaux de transport ou VT
book-section-iii-5-3 = VT ou VC ?
book-section-iii-6 = Les trésors
book-section-iv = La production
book-section-iv-1 = La production de vaisseaux
book-section-iv-2 = L'émigration
book-section-iv-3 = La recherche technologique
book-section-iv-3-1 = Le déplacement (DEP)
book-section-iv-3-2 = L'attaque (ATT)
book-section-iv-3-3 = La défense (DEF)
book-section-iv-3-4 = Le radar (RAD)
book-section-iv-3-5 = La cargaison (CAR)
book-section-iv-3-6 = La connaissance des aliens (ALI)
book-section-iv-4 = Les espions
book-section-iv-5 = La construction d'industries
book-section-iv-6 = L'augmentation de la limite de population et la surpopulation
book-section-iv-7 = La présence d'un ennemi
book-section-v = Les autres ordres
book-section-v-1 = Les sondages
book-section-v-2 = Le pillage
book-section-v-3 = Le chargement et déchargement
book-section-v-4 = Les transferts
book-section-v-5 = Les déplacements
book-section-vi = Les différentes classes de personnage
book-section-vi-1 = L'empereur
book-section-vi-2 = Le pirate
book-section-vi-2-1 = Le pillage
book-section-vi-2-2 = Le piratage
book-section-vi-3 = L'antiquaire
book-section-vi-3-1 = Les familles de trésors et les musées
book-section-vi-4 = Le missionnaire
book-section-vi-4-1 = Le Jihad
book-section-vi-4-2 = La conversion
book-section-vi-4-3 = La déconversion
book-section-vi-5 = Le robotron
book-section-vi-5-1 = La robotisation et les attaques de robots
book-section-vi-6 = L'explorateur
book-section-vi-6-1 = Localisation et observation d'un monde
book-section-vi-6-2 = La MEVA
book-section-vi-6-3 = Localisation des trous noirs
book-section-vi-7 = Le marchand
book-section-vi-7-1 = Transformation de VC en VT
book-section-vii = Les relations entre joueurs
book-section-vii-1 = Les combats
book-section-vii-1-1 = Les tirs
book-section-vii-1-2 = Résolution des tirs
book-section-vii-1-3 = Les tirs conditionnels
book-section-vii-1-4 = La Bombe
book-section-vii-1-5 = L'embuscade
book-section-vii-1-6 = La fuite
book-section-vii-2 = Le joueur neutre
book-section-vii-3 = Les déclarations
book-section-vii-3-1 = Déclaration allié - ennemi
book-section-vii-3-2 = Déclaration chargeur - non chargeur de matières premières
book-section-vii-3-3 = Déclaration chargeur - non chargeur de population
book-section-vii-3-4 = Déclaration flotte en paix - flotte en guerre
book-section-vii-3-5 = Annulation d'embuscade
book-section-vii-3-6 = Les cadeaux
book-section-vii-4 = Les conditions de capture
book-section-viii = Déroulement d'un tour et conditions de victoire
book-section-viii-1 = Évaluation d'un tour et traitement des ordres
book-section-annex = Annexes

## Where a ruling applies (the part of Nébutil NG deciding it)
ruling-area-combat = les combats (résolution et simulateur)
ruling-area-resolve = la résolution du tour
ruling-area-resolve-bomb-building = la résolution du tour : construction des bombes
ruling-area-resolve-capture = la résolution du tour : captures
ruling-area-resolve-combat-and-movement = la résolution du tour : combats et déplacements
ruling-area-resolve-construction = la résolution du tour : constructions
ruling-area-resolve-conversion = la résolution du tour : conversions
ruling-area-resolve-declarations = la résolution du tour : déclarations
ruling-area-resolve-emigration = la résolution du tour : émigration
ruling-area-resolve-end-of-turn = la résolution du tour : fin du tour
ruling-area-resolve-gifts = la résolution du tour : cadeaux
ruling-area-resolve-initialisation = la résolution du tour : début du tour
ruling-area-resolve-kills = la résolution du tour : tueries de population
ruling-area-resolve-la-chose = la résolution du tour : La Chose
ruling-area-resolve-loading = la résolution du tour : chargements
ruling-area-resolve-pillage-and-naming = la résolution du tour : pillage et noms des mondes
ruling-area-resolve-piracy = la résolution du tour : piratage
ruling-area-resolve-probes = la résolution du tour : sondages
ruling-area-resolve-robot-attack = la résolution du tour : attaques de robots
ruling-area-resolve-scoring = la résolution du tour : score
ruling-area-resolve-transfers = la résolution du tour : transferts
ruling-area-resolve-treasure-loading-and-meva = la résolution du tour : trésors et MEVA
ruling-area-resolve-unload-mp = la résolution du tour : déchargement des MP
ruling-area-resolve-unload-pc = la résolution du tour : déchargement des populations
ruling-area-orders-read = la lecture des ordres
ruling-area-orders-validate = la vérification des ordres
ruling-area-orders-print = l'écriture des ordres
ruling-area-report-read = la lecture du compte rendu (CR)
ruling-area-report-write = l'écriture du compte rendu (CR)
ruling-area-nbt = le fichier NBT
ruling-area-knowledge = ce que le joueur sait de la galaxie (d'un tour à l'autre)
ruling-area-generate = la création d'une partie
ruling-area-rules = les valeurs des règles (2002, 1999)
ruling-area-other = le reste du programme

## The rulings' texts (G-n of the catalog; stated in English in the code, where they are decided)
ruling-g-1 = Le « _ » est facultatif et peut être une espace ou rien du tout : M_12, M 12 et M12 sont identiques (de même pour F et T).
ruling-g-2 = Les mots-clés sont lus sans tenir compte de la casse ; Nébutil les écrit toujours en majuscules.
ruling-g-3 = Les lignes vides et celles qui commencent par # sont ignorées, et tout ce qui suit le premier ; jusqu'à la fin de la ligne est un commentaire (un ordre ne contient jamais de ;).
ruling-g-4 = Le monde de Z s'écrit seul ou comme un monde : Z 12, Z M_12 et Z M12 sont le même ordre.
ruling-g-5 = La cible j d'une déclaration ou d'un cadeau est le numéro du joueur, ou son nom exact entre guillemets ; un nom ne désigne un joueur que si celui qui donne l'ordre connaît ce nom (« Vous connaissez de nom »), et la cible d'une déclaration, par numéro comme par nom, doit être connue de nom du déclarant (« ne peuvent être donnés que lorsque vous connaissez de nom le joueur visé ») et n'être ni le joueur neutre ni le déclarant lui-même ; sinon l'ordre est annulé, comme celui qui nomme le numéro d'un joueur inexistant. Un nom entre guillemets reste un nom à la lecture ; la vérification exige qu'il soit exactement celui d'un des joueurs connus de nom, et un numéro celui de l'un d'eux (un avertissement quand le numéro de certains joueurs connus est inconnu).
ruling-g-6 = Les espaces autour de « : » sont facultatives (A : 3, A:3, M_5 C:3).
ruling-g-7 = De deux ordres exclusifs pour une même flotte, un même groupe de VI, un même groupe de VP ou un même monde offert, le premier dans le fichier est exécuté et les autres sont annulés (réglage KeepFirst ; VoidAll les annule tous) ; la vérification signale une erreur sur le second, en nommant le premier.
ruling-g-8 = Les ordres de production d'un monde (vaisseaux, robots, espions, recherche, limite de population, émigration, industries au coût de la classe) s'exécutent par ordre de poids, puis dans l'ordre du fichier, sur un seul budget : ses industries actives ; le premier qui ne tient plus est réduit aux unités entières encore payables (réglage ReduceInOrder ; DropWhole le supprime entier, les suivants pouvant encore tenir), et un ordre qui n'obtient rien est annulé. La vérification additionne leurs UP dans l'ordre d'exécution et signale une erreur sur le premier ordre qui ne tient plus, en nommant tous les ordres en cause.
ruling-g-9 = Un ordre qui demande plus de vaisseaux, de cargaison, de population, de robots ou de VI qu'il n'y en a au moment où il s'exécute est ramené à ce qu'il y a (réglage Clip ; Void l'annule entier), jamais en dessous de zéro ; la vérification avertit quand les nombres connus à ce moment du tour (en comptant ce que les étapes précédentes des mêmes ordres ont construit, déplacé ou utilisé) montrent qu'on demande trop. Une quantité de 0 est une erreur de syntaxe (une quantité facultative omise veut dire « tout »).
ruling-g-10 = Un ordre sur un monde ou une flotte n'est exécuté que si celui qui le donne en est propriétaire quand son étape s'exécute (un monde capturé par émigration à l'étape 5* appartient au capteur dès l'étape 6) ; sinon il est annulé. La vérification signale comme une erreur un ordre sur un monde ou une flotte qui ne lui appartient pas au début du tour, sauf (un avertissement) pour les étapes qui suivent une capture qu'il peut faire ce tour-ci : nommage et pillage (étape 16) et cadeaux (étape 17) là où il a des vaisseaux, des convertis ou des émigrants, et les ordres après l'étape 5 sur un monde où il émigre ou décharge.
ruling-g-11 = Un saut qui n'est pas une connexion du monde précédent annule tout le déplacement (la flotte reste, ne fuit pas et peut faire une embuscade) ; de même une route plus longue que le DEP du propriétaire (la recherche achetée à l'étape 3 compte) ou dont le premier monde est celui où se trouve la flotte (G-12). La vérification contrôle chaque saut sur les connexions que le joueur a vues (à n'importe quel tour : la carte ne change jamais) ; un saut depuis un monde dont il n'a jamais vu les connexions donne l'avertissement « vérification impossible ».
ruling-g-12 = La longueur d'une route est le nombre de mondes écrits après MM (ou de M_), les retours sur un même monde étant permis, comparée au DEP une fois la recherche du tour comptée ; une route ne peut pas commencer par le monde où est la flotte.
ruling-g-13 = Une nouvelle cible de Jihad est acceptée à partir du tour T + d (T le tour du Jihad en cours, d le délai de changement de Jihad des règles, 5 dans les deux livres) ; le premier Jihad est toujours accepté, et déclarer de nouveau la même cible ne change rien (les d tours courent toujours depuis T). La vérification refuse une autre cible avant le tour T + d (une erreur), T étant lu dans J:"X":j(T) de « Vos déclarations » (les ordres du CR du tour t étant ceux du tour t), et avertit que la même cible ne change rien.
ruling-g-14 = L'ordre de nommage M_m = "Nom" s'exécute au poids 16, avec les pillages, après les captures, le propriétaire étant vérifié à ce moment-là ; la vérification n'avertit donc (sans erreur) que si le monde n'appartient pas au joueur au début du tour.
ruling-g-15 = Le nom d'un monde et sa corruption s'écrivent sur des lignes en retrait juste sous la ligne du monde, « Nom : "Terra Nova" » et « Corrompu par : "Miria" » ; la lecture comprend les parties que le livre ne montre jamais dans notre format (en-tête, Points :, déclarations, ces deux lignes, niveaux technologiques (max)) et passe une ligne *en retrait* inconnue (une annotation qu'elle ne connaît pas) avec une information, pas une erreur.
ruling-g-16 = Un monde de départ n'apparaît en Md_ que sur le CR de son propriétaire, tant que son propriétaire actuel est son propriétaire d'origine ; tous les autres voient M_, si bien qu'un monde lu en M_ peut encore être le monde de départ d'un autre joueur (« pas un monde de départ » veut seulement dire « pas montré comme monde de départ »).
ruling-g-17 = Le compteur de possession o est affiché ("Maxtor:5") si et seulement si o ≥ 1 ou si le compteur d'exploitation c est affiché ; c est affiché ("GASKOR:2:5") si et seulement si c ≠ o ; un monde de capacité d'exploitation 0 dont aucune MEVA n'a lancé le compteur (c = 0) n'en affiche aucun. À la lecture, un propriétaire sans :o veut dire un compteur de possession de 0 ("Maxtor", "Miria"!), :o:c donne c à part ("Miranda:0:3") et :o seul veut dire c = o.
ruling-g-18 = La marque de capture s'écrit hors des guillemets, "Maxtor"!, comme les autres marques d'un monde ; elle se lit de même dans les guillemets ("...!") et dehors, avec ou sans espace avant.
ruling-g-19 = Une flotte laisse une trace sur chaque monde qu'elle quitte — sur son monde de départ vers son premier saut ({"{"}F_57 "Maxtor" vers M_48{"}"} : le saut suivant, pas la destination), sur chaque monde qu'elle traverse, du saut précédent vers le suivant (du M_54 vers M_247) ; une arrivée note le dernier monde d'où elle vient.
ruling-g-20 = ** s'écrit après le bloc de vaisseaux des auteurs de l'embuscade (leur marque de tir) et après la trace de la flotte prise en embuscade sur le monde de l'embuscade, {"{"}F_73 "Maxtor" du M_54 vers M_247{"}"}**. À la lecture, un ** juste après le {"}"} d'une trace marque la flotte prise en embuscade à cet endroit, tandis qu'un ** qui ouvre une ligne et le ** qui ferme la même ligne ou une suivante sont du gras markdown (IV.7), pas une notation du jeu : les deux sont retirés avec un avertissement (une ligne vide termine le bloc).
ruling-g-21 = Une flotte qui a tiré et perdu tous ses vaisseaux garde son propriétaire, F_12 "Maxtor" *M ; la marque de tir suit le bloc de vaisseaux sans espace ([]=18*F_258), et sinon après une espace. À la lecture, une ligne de flotte peut ne pas avoir de propriétaire : une ligne sans propriétaire ni bloc de vaisseaux mais avec une marque de tir (F_12 *M) est une flotte qui a tiré et a été anéantie (0 vaisseau, propriétaire inconnu), et une flotte avec un propriétaire mais sans bloc de vaisseaux est vide (0 VC, 0 VT, aucune cargaison).
ruling-g-22 = Tout élément d'un monde reste sur sa ligne (… PE=300 E=1/8), dans l'ordre propriétaire, I, P, MP, PC, Pi, PE, +Pop, E, coordonnées ; à la lecture, une ligne faite seulement d'éléments de monde (E=1/8, PE=300, Pi=2/4, [12,7], …) continue la dernière ligne de monde, comme si elle était écrite à sa fin.
ruling-g-23 = Une marque de morts s'écrit juste après le nombre de population, toujours avec sa lettre : P=0{"{"}-351P{"}"}(0), P=30R{"{"}-7R{"}"}(40) ; elle se lit {"{"}-n{"}"} ou {"{"}-nP{"}"}, {"{"}-nC{"}"}, {"{"}-nR{"}"} n'importe où dans (ou après) l'élément de population, une lettre absente voulant dire P (non convertis), comme dans P=0{"{"}-351{"}"} (0).
ruling-g-24 = Une notation abîmée se lit comme elle était voulue, avec un avertissement : des guillemets non fermés se ferment avant le prochain « [ », ou avant l'élément suivant, ou en fin de ligne ("Maxtor []=10*M se lit "Maxtor" []=10*M) ; un bloc de vaisseaux abîmé [=]10, [=1 ou []]=5 se lit []=10, []=1, []=5 (T-3), les espaces autour de [, ] et = étant ignorées (T-2).
ruling-g-25 = Un trou noir dans une liste de connexions s'écrit @56 (la forme préfixe de VI.6.3 et des règles de 1999), jamais 56@ ; @56 et 65@ se lisent de la même façon.
ruling-g-26 = Les convertis s'écrivent comme en III.1.5, juste après la limite et dans les crochets des VP, le missionnaire entre guillemets (/12C:"Miria") ; les convertis du propriétaire du monde sans nom (/5C), ou P=14C quand ils sont tous à lui. Le suffixe se lit avec un nom entre guillemets ou non, avec ou sans espace avant / (/8C:Gehowa) ; sans nom, les convertis appartiennent au propriétaire du monde.
ruling-g-27 = Les convertis de plusieurs missionnaires ne restent jamais ensemble sur un monde à la fin d'un tour, donc un seul suffixe de convertis suffit : un second est lu, ignoré et signalé par un avertissement.
ruling-g-28 = a est fixé ici : c'est le budget d'UP du tour suivant.
ruling-g-29 = Seuls comptent les VC des flottes en guerre ; les ennemis sont tous les joueurs (le neutre compris) qui n'ont pas déclaré le propriétaire allié ; le propriétaire compte 2 × VI + VP + les VC de ses propres flottes en guerre (les vaisseaux des alliés ne comptent d'aucun côté).
ruling-g-30 = Les travailleurs d'un monde sont les UP réellement dépensées sur ce monde ; une industrie active inutilisée n'emploie personne.
ruling-g-31 = Les robots comptent comme des populations pour l'exploitation des MP.
ruling-g-32 = p' = min(p + gain, limite), pas de croissance quand p ≥ limite.
ruling-g-33 = Les robots ne croissent jamais.
ruling-g-34 = La croissance se fait en non convertis, sauf sur un monde entièrement converti où elle va aux convertis de son missionnaire (principal).
ruling-g-35 = Un monde offert ce tour-ci croît mais n'extrait aucune MP au tour du cadeau (réglage GrowsWithoutMp ; GrowsAndMines lit III.1.6 à la lettre).
ruling-g-36 = La capacité gagne 1 chaque fois que le compteur d'exploitation atteint un multiple de 7 (7, 14, 21…), un saut de MEVA par-dessus plusieurs multiples les comptant tous, jusqu'à la capacité maximale.
ruling-g-38 = Un monde de capacité 0 n'a pas de compteur tant qu'une MEVA CM ne l'a pas lancé ; une fois lancés, les deux compteurs avancent d'un par tour.
ruling-g-39 = Le nouveau propriétaire d'un monde offert commence avec un compteur de possession de 0 et ne garde que la part du compteur d'exploitation pas encore transformée en capacité (min(c − o, c mod 7)).
ruling-g-40 = Une capture (tout changement de propriétaire sauf un cadeau) remet les deux compteurs à 0 — le CR n'affiche aucun compteur au tour de la capture.
ruling-g-41 = Construire une industrie coûte up UP (4 pour l'empereur, 5 pour les autres) ; le « entre 4x et 6x UP » de l'annexe n'atteint 6 que par la voie des VI.
ruling-g-42 = x robots donnent plancher(x / 2) VC, VI ou VP (plancher(x / 12) industries), en consommant exactement 2 (12) robots par unité ; un ordre qui ne donne aucune unité entière est annulé. La vérification signale comme une erreur une quantité de robots qui n'est pas un nombre entier d'unités (2 robots par VC/VI/VP et par VC d'attaque de robots, 12 par industrie).
ruling-g-43 = La recherche au-delà du coût d'un niveau est reportée et peut faire gagner plusieurs niveaux en un tour (réglage CarryOver ; OneLevelPerTurn en fait gagner un et perd l'excédent) ; les UP dépensées dans une technologie à son niveau maximal sont consommées et perdues (la vérification avertit).
ruling-g-44 = Le déchargement et l'émigration peuvent porter les humains d'un monde au plus à la marge de surpopulation (10) au-delà de sa limite (réglage HardCap ; Unlimited ne fixe aucun plafond) : ce qui ne tient pas n'est pas émigré (et ne coûte pas d'UP) ou reste sur la flotte ; la place se compte à partir des humains présents au début de l'étape 5 plus ceux déjà envoyés à cette étape ; les robots, qui combattent plutôt que de s'installer, ne sont pas plafonnés. La vérification avertit quand les nombres connus montrent que trop arriveraient.
ruling-g-45 = Le « P−p » du livre se lit p − P : p − P populations en excès sont tirées au hasard parmi les humains (donc au prorata de N et des C de chaque missionnaire), et chacune meurt avec la probabilité des règles (1/2) ; les robots en sont exemptés et ne comptent pas dans p. Tiré en nombres (règle G-146) : les morts suivent une loi binomiale(p − P, 1/2) et, formant un ensemble d'humains pris au hasard, se répartissent entre N et les C de chaque missionnaire (dans cet ordre) par tirages hypergéométriques.
ruling-g-46 = L'émigration coûte 1 UP par émigrant, pris sur le budget du monde d'où l'on émigre : seul un monde dont les industries produisent peut émigrer ; les émigrants envoyés dans un trou noir sont perdus mais payés.
ruling-g-47 = Émigrer sur le monde d'un autre joueur ne demande aucune déclaration (seul le déchargement en demande) et ne le capture pas (« il restera à son ancien propriétaire ») ; les robots font exception : ils attaquent.
ruling-g-48 = M_m E x P M_n prend les N et les C de chaque missionnaire au prorata de leurs nombres sur m (convertis arrondis à l'inférieur, le reste en N) ; E x C avec les convertis de plusieurs missionnaires les répartit de même, les restes allant aux groupes les plus nombreux.
ruling-g-49 = Les robots sont traités d'abord, comme une attaque de robots ; ensuite, sur un monde qui était neutre, le joueur qui a apporté le plus de N et de C (émigrés ou déchargés ; les convertis comptent pour leur missionnaire) le capture, une égalité le laissant neutre ; un monde qui avait un propriétaire et garde une population reste à lui.
ruling-g-50 = Un monde qui n'avait aucune population avant les arrivées se décide de la même façon (le plus de populations déchargées ou émigrées l'emporte ; une égalité le laisse neutre), quel qu'en soit le propriétaire.
ruling-g-51 = Les convertis ne sont chargés que par leur missionnaire, depuis n'importe quel monde et sans déclaration ; les non convertis et les robots demandent le monde ou le CP de son propriétaire, les MP le monde ou le C de son propriétaire ; personne ne charge depuis un monde neutre. P charge les non convertis que celui qui donne l'ordre peut charger et ses propres convertis.
ruling-g-52 = Quand les demandes de chargement sur un même stock d'un monde le dépassent, elles se le partagent au prorata des quantités demandées (une demande sans quantité demande la place libre de la flotte, au plus le stock), arrondi à l'inférieur, les unités restantes allant une à une aux plus grands restes, les égalités au plus petit numéro de flotte (réglage ProRata ; FleetOrder sert plutôt les flottes par numéro croissant).
ruling-g-53 = C P garde la proportion des stocks du monde qu'il peut prendre, et D P celle de la flotte : la part des convertis est arrondie à l'inférieur, le reste est en non convertis.
ruling-g-54 = Un ordre qui retire des vaisseaux d'une flotte (transfert, sondage, MEVA, construction de bombe) est réduit pour que les vaisseaux restants puissent porter la cargaison (un VC porte 1, un VT le CAR du propriétaire), et un ordre qui ne peut en retirer aucun est annulé (le sondage d'une flotte qui laisserait plus de cargaison que de capacité est annulé) ; la vérification avertit d'un transfert que l'arbitre réduira. De même, une flotte dont la cargaison ne pourrait pas être portée par les vaisseaux de celui qui la reçoit (son CAR est plus bas que celui du donateur) n'est pas donnée : le cadeau est annulé plutôt que de perdre une partie de la cargaison (VII.3.6).
ruling-g-55 = La cargaison au-delà de la capacité restante est retirée au prorata de ses sortes (MP, N, C, R) par plus grands restes ; les populations et robots perdus comptent comme détruits.
ruling-g-56 = Les transferts sont simultanés : chaque ordre prend ses vaisseaux sur le nombre de sa source au début de l'étape 11, moins ce que les ordres précédents (dans l'ordre : joueur, puis ligne) ont déjà pris, réduit à ce qui reste ; les arrivées se font après tous les ordres, si bien qu'un vaisseau n'est transféré qu'une fois. La vérification réduit de même, dans l'ordre du fichier, avec un avertissement.
ruling-g-57 = Les vaisseaux transférés appartiennent au propriétaire de la flotte ou du monde qui les reçoit (des VC devenus VI sur le monde d'un autre joueur sont ses VI ; sur une flotte neutre ils sont neutres).
ruling-g-58 = Un trésor déposé à l'étape 10 (T_t M) est sur le monde dès ce moment, donc le propriétaire de ce monde peut le recharger à l'étape 12 du même tour (les flottes n'ont pas encore bougé : la flotte est sur le monde où elle a commencé le tour).
ruling-g-59 = Un antiquaire peut déplacer un trésor de n'importe laquelle de ses flottes vers n'importe quelle flotte du même monde ; chacun peut mettre un trésor de son propre monde ou de sa flotte sur une flotte d'antiquaire du même monde ; l'ordre est toujours donné par le propriétaire du trésor (le propriétaire du monde ou de la flotte où il se trouve).
ruling-g-60 = Les vaisseaux se construisent sur n'importe quelle flotte (même d'un autre joueur ou neutre) présente sur le monde constructeur au début du tour ; ils appartiennent au propriétaire de la flotte.
ruling-g-61 = Le sondage d'une flotte, comme celui des VI ou des VP, n'atteint qu'un monde connecté au monde de celui qui sonde ; les VI ou VP doivent être sur le monde au début du tour (aucun n'est construit avant l'étape 3), les VC sur la flotte (les VT ne sondent jamais).
ruling-g-62 = Un CR décrit les mondes que le joueur possède, ceux où il a au moins une flotte (même vide) ou des VI/VP à la fin du tour, ceux qu'il a sondés ce tour-ci, ceux où il a des convertis, ceux qui ont reçu ses émigrants ce tour-ci et les trous noirs qu'il a traversés — chacun avec toutes ses flottes et traces ; leurs voisins n'apparaissent que par leur numéro. Un joueur connaît de nom chaque joueur nommé sur son CR — le propriétaire d'un monde décrit ou d'une flotte sur un tel monde (« Les nouvelles rencontres », VII.3) ; un nom connu ne se perd jamais.
ruling-g-63 = Un explorateur localise un monde la première fois que ce monde a sa propre ligne sur son CR (trous noirs compris) et marque des points pour lui une fois ; un trou noir est aussi localisé la première fois qu'il apparaît avec @ dans une liste de connexions (vue de l'explorateur), comme le retiennent les connaissances du joueur.
ruling-g-65 = Chaque groupe qui tire (une flotte, les VI d'un monde, les VP d'un monde) calcule son propre n et son propre Nd à partir des nombres du début de l'étape ; les pertes d'une cible sont additionnées sur tous ses tireurs et plafonnées à ce qu'elle a.
ruling-g-66 = Les populations, les robots et les industries encaissent le feu avec ce CDef (100 = un vaisseau par coup au but, sans DEF ni facteur de cargaison).
ruling-g-67 = Nd se calcule avec le CD de la première couche non vide (les VP avant les populations pour * P, les VI avant les industries pour * I), cette couche meurt d'abord et le reste de Nd passe un pour un sur la couche suivante ; * M partage Nd entre VI et VP au prorata (le reste au groupe le plus nombreux, aux VI en cas d'égalité).
ruling-g-68 = VP M_m * N peut tuer les propres non convertis du propriétaire, et VP M_m * C tue les convertis de tous les missionnaires du monde, au prorata de leurs nombres.
ruling-g-69 = Un tir conditionnel part quand le propriétaire de sa cible désignée tire à cette étape (sans condition ou par un tir conditionnel déclenché) sur une unité de celui qui a donné l'ordre ou d'un joueur que celui-ci a déclaré allié.
ruling-g-70 = VP M_m ? N (les propres non convertis de celui qui donne l'ordre comme propriétaire de la cible) ne se déclenche jamais : un avertissement.
ruling-g-71 = Les tirs conditionnels se règlent comme un point fixe à partir des tirs sans condition : un tir conditionnel déclenché est lui-même une agression qui peut en déclencher d'autres, et deux tirs conditionnels visant chacun l'autre sans autre tir restent tous deux silencieux.
ruling-g-72 = Une flotte qui quitte son monde est en fuite pour les tirs qu'elle reçoit sur ce monde seulement (CD divisé par 2) ; les tirs d'embuscade le long de sa route voient son CD entier.
ruling-g-73 = Les déplacements sont résolus après toutes les pertes de l'étape ; une flotte laissée sans vaisseau est interceptée et reste où elle est (sa cargaison est partie avec ses vaisseaux), et une flotte vidée par une embuscade s'arrête sur ce monde.
ruling-g-74 = Les embuscades sont traitées monde par monde le long de la route ; sur chaque monde traversé, chaque groupe pouvant le faire tire une fois sur la flotte telle qu'elle y arrive (simultanément, les pertes additionnées comme en G-65), et la flotte s'arrête sur le premier monde où elle n'a plus de vaisseau.
ruling-g-75 = Une flotte qui se déplace subit l'embuscade de chaque groupe du monde traversé — flottes en guerre avec des vaisseaux (VC et VT), VI et VP du monde, neutres compris — dont le propriétaire n'est pas le sien, ne l'a pas déclaré allié, n'a donné ni Z ni Z m pour ce monde, et qui n'a exécuté aucun ordre exclusif ce tour-ci ; que la flotte en mouvement soit en paix ne change rien.
ruling-g-76 = Le cadeau d'un monde n'est exclusif que pour le monde (ses VI et VP peuvent encore tirer) ; le cadeau d'une flotte est exclusif avec son tir, son déplacement, son attaque de robots et sa bombe ; un cadeau n'empêche pas une flotte ni les gardes d'un monde de faire une embuscade (seuls les tirs, déplacements, attaques de robots et largages de bombe de l'étape 14 l'empêchent).
ruling-g-77 = Un missionnaire tire avec le CAtt(ATT + 4) quand la cible désignée appartient à la cible de son Jihad (une flotte de ce joueur, ou un monde qu'il possède), la table des CAtt étant prolongée au-delà d'ATT 12 (157, 173).
ruling-g-78 = Tirer sur ses propres unités ou sur celles d'un allié est permis, et ce que le tir détruit compte pour le score comme toute autre destruction.
ruling-g-79 = Une attaque de robots dépose 2 × max(0, x/2 − VC de la flotte détruits à cette étape) robots (les VC qui devaient devenir robots meurent d'abord), résolue après les tirs et les déplacements ; une attaque réussie transfère le monde aussitôt, avant la conversion et les captures.
ruling-g-80 = Populations restantes = max(0, P − 4R) et robots restants = max(0, R − plafond(P/4)) ; quand les deux tombent à 0, le monde est vide (neutre).
ruling-g-81 = Robots de plusieurs joueurs sur un même monde (2002) : le camp strictement le plus grand (le propriétaire : robots présents plus ses propres arrivées ; les autres : leurs arrivées) l'emporte et garde ses robots moins tous ceux des autres (au moins 1) ; une égalité pour le plus grand détruit tous les robots et le monde devient neutre (réglage AllDestroyed ; DefenderKeeps laisse 1 robot au propriétaire s'il est parmi les ex æquo). 1999 : le vainqueur est tiré au sort avec des chances proportionnelles aux robots de chaque camp, et garde la même chose.
ruling-g-82 = Des robots qui anéantissent la population et survivent capturent le monde avec ses protections, quel qu'en soit le propriétaire et même en présence de flottes en guerre d'autres joueurs.
ruling-g-83 = Les robots construits à l'étape 3 arrivent comme émigrants du propriétaire du monde et combattent sa propre population.
ruling-g-84 = Les vaisseaux qui convertissent sont les VC des flottes en guerre du missionnaire sur le monde et les VP d'un monde qu'il possède ; ni les VI, ni les VT, ni les flottes en paix, ni la cargaison.
ruling-g-85 = En cas de conflit, les convertis possibles de chaque missionnaire sont ses convertis déjà sur le monde plus ses nouveaux convertis calculés comme s'il était seul, sans le plafond de population.
ruling-g-86 = Les probabilités des missionnaires sont ramenées dans [0, 1] puis renormalisées.
ruling-g-87 = Les convertis sont des populations ordinaires dans un combat contre des robots (1 robot pour 4 populations) ; les convertis tués sont des martyrs pour leur missionnaire.
ruling-g-88 = Sur un monde qui a des convertis de plusieurs missionnaires, chaque PC qui déconvertit change un converti en non converti, le missionnaire étant tiré au prorata des convertis de chacun à ce moment ; un PC qui ne trouve plus de converti ne déconvertit rien (et vaut 1 point à un marchand, comme un échec).
ruling-g-89 = Le compteur PC=n du monde gagne 1 par ordre de déchargement (une flotte) qui décharge au moins un PC.
ruling-g-90 = Un martyr est un converti tué par le tir, les robots ou la bombe d'un autre joueur — ni par le missionnaire lui-même ni par la cible de son Jihad ; la surpopulation, le pillage, les conflits de missionnaires et la déconversion ne font pas de martyrs.
ruling-g-91 = Un monde entièrement converti passe au missionnaire (avec ses VI et VP) même s'il a déclaré son propriétaire allié ; seules les flottes en paix l'évitent.
ruling-g-92 = Soit W les joueurs ayant au moins un VC ou un VT sur une flotte en guerre sur le monde (le joueur neutre compris) : un monde sans population ni robots devient neutre ; sinon un monde protégé (VI + VP > 0) garde son propriétaire ; sinon, personne dans W ne change rien ; sinon un seul X le capture, à moins que X ne le possède ou n'ait déclaré son propriétaire allié ; sinon (deux ou plus) il reste à son propriétaire s'il est dans W et devient neutre autrement. Un monde entièrement converti d'un missionnaire et un monde avec des robots ne peuvent pas être pris par des vaisseaux (VII.4).
ruling-g-93 = Les VI et les VP protègent un monde mais ne comptent pas dans W.
ruling-g-94 = Soit W' les joueurs ayant des vaisseaux en guerre sur le monde (vaisseaux des flottes en guerre, et VI et VP du propriétaire) : une flotte vide reste à son propriétaire s'il est dans W' ; sinon elle va à X si W' = {"{"} X {"}"} et que X n'a pas déclaré son propriétaire allié ; sinon elle devient neutre (et en guerre).
ruling-g-95 = Un monde laissé sans population ni robots devient neutre avec ses VI et VP, qui deviennent des vaisseaux neutres.
ruling-g-97 = Un monde que seul le pillage de ce tour laisse entièrement converti n'est pas pris par le missionnaire ce tour-là — la conversion et sa capture ont lieu avant les pillages de l'étape 16 — et la capture par conversion normale reprend au tour suivant.
ruling-g-98 = La population perdue par un pillage est le tiers arrondi ainsi, au moins une population restant toujours ; la perte est partagée au prorata des convertis et des non convertis, les convertis de chaque missionnaire arrondis à l'inférieur et le reste pris sur les non convertis (s'il n'y en a pas assez, sur les convertis, les plus nombreux d'abord).
ruling-g-99 = Un monde peut être pillé de nouveau dès que son compteur de récupération est au plus cette valeur (le livre : « Pi=1/1 ») ; les mines produisent de nouveau à 0. Avant, la vérification signale l'ordre comme une erreur.
ruling-g-100 = Les points de pillage suivent le nombre de pillages du monde lui-même.
ruling-g-101 = Les populations qu'un pillage retire « disparaissent » : elles sont notées au journal avec la cause pillage et ne sont jamais des populations « détruites » pour le score.
ruling-g-102 = Un monde sans population humaine (seulement des robots, ou vide) peut être pillé : personne ne disparaît, mais le pillage compte (points, Pi, mines arrêtées).
ruling-g-103 = M_m P est exécuté pour le propriétaire du monde à l'étape 16 (après les captures et conversions du tour), ou pour le propriétaire du début du tour quand le propriétaire à l'étape 16 a fait pour lui une déclaration PI toujours en vigueur.
ruling-g-104 = Un pirate pirate quand ses VC sur des flottes en guerre sur le monde sont au moins 1 et au moins 3 × la défense : les VC et VT de tous les autres joueurs (alliés et joueur neutre compris) sur des flottes qui ne sont pas en paix, plus les VI et VP du monde quand le monde n'est pas au pirate.
ruling-g-105 = Plusieurs pirates sur un même monde sont jugés chacun avec les vaisseaux des autres dans la défense, sur les flottes telles qu'elles sont après les captures, par numéro de joueur croissant ; le premier qui réussit pirate (deux ne peuvent réussir que si aucun n'a de vaisseaux en guerre dans le compte de l'autre, ce qu'une réussite exclut).
ruling-g-106 = Le piratage prend toutes les flottes du monde qui n'appartiennent ni au pirate ni à un joueur qu'il a déclaré allié : flottes en paix, vides et neutres comprises, avec cargaison, trésors et bombe ; elles gardent leur état de paix ou de guerre et sont marquées P ; la cargaison que les vaisseaux du pirate ne peuvent pas porter (son CAR étant plus bas que celui de la victime) est perdue, au prorata de ses sortes par plus grands restes (comme au combat, G-55), avec la cause piratage.
ruling-g-107 = Un monde bombardé perd toutes ses populations, robots, industries, VI et VP, sa limite de population, son stock de MP et sa capacité d'exploitation ; ses compteurs de possession et d'exploitation, son nombre de pillages et sa récupération et son compteur de PC repartent à 0 ; il devient neutre et est marqué M# pour toujours ; E, PE et les trésors restent, et les flottes au-dessus sont épargnées.
ruling-g-108 = Un joueur qui n'est pas robotron perd 100 points par bombe, sauf un missionnaire en Jihad dont le monde bombardé appartient à la cible de son Jihad (ou a été corrompu par elle) ; un robotron marque 200 points.
ruling-g-109 = Une flotte porte au plus une bombe — en construire une sur une flotte qui en porte déjà une (F#f), ou une seconde au même tour, est annulé (une erreur pour la vérification) ; une bombe construite à l'étape 15 peut être larguée dès le tour suivant, et elle suit la flotte quand la flotte change de propriétaire.
ruling-g-110 = Ce que la bombe tue est détruit par le bombardier (robotron +2 par population, missionnaire +2 ou −1, les autres classes −1 par population).
ruling-g-111 = Avec le potentiel de 2002 (PE), un explorateur marque les points d'un monde de départ (Md) à chaque tour où il a un vaisseau sur le Md d'un autre à la fin du tour (réglage EveryTurn ; FirstObservationOnly seulement au tour de sa première observation) ; avec les bonus d'observation de 1999 (800, 500, 400…) seule sa première observation compte, quel que soit le réglage, puisque les bonus classent les observations.
ruling-g-112 = À la mise au point, chaque Md gagne d'abord son incrément de PE, puis chacun des k explorateurs présents marque min(300, plancher(PE / k)) et le PE perd ce qu'ils ont marqué.
ruling-g-113 = La première fois qu'un explorateur a un vaisseau sur un monde à la fin d'un tour, il l'observe et marque 40 − 10·X (X le E du monde avant, G-114) ; son propre monde de départ compte comme observé dès le début (sans points). Le compteur d'exploration E compte les VC de MEVA plus ces premières observations, plafonné aux places de MEVA, quand le réglage est vrai (exemples de 2002), les VC de MEVA seulement quand il est faux (1999).
ruling-g-114 = X est le compteur d'exploration du monde avant cette observation, et les points ne descendent jamais sous 0 (40 − 10·X, au moins 0).
ruling-g-115 = Quand plusieurs explorateurs demandent plus de VC qu'il n'y a de places libres, chacun perd tous les VC demandés, marque les points des places libres partagés au prorata de ses VC, arrondis ainsi (à l'inférieur : le reste est perdu), et les effets des places libres sont tirés au hasard uniformément parmi tous les VC demandés.
ruling-g-116 = Une MEVA ne demande pas de posséder le monde ; sur un monde sans place libre, tout ordre de MEVA est annulé (aucun VC perdu) ; un explorateur seul qui demande plus de VC qu'il n'y a de places libres ne sacrifie qu'autant de VC que de places libres (ses ordres servis dans l'ordre). La vérification avertit qu'une MEVA demandant plus de VC que les places libres du monde (E=x/8) est réduite, et signale comme une erreur une MEVA sur un monde dont toutes les places sont prises.
ruling-g-118 = Éligible = min(2 × industries, max(0, Σu − rechargé)) et chaque marchand marque plancher(taux × u × éligible / Σu) ; pas d'industrie, pas de points.
ruling-g-119 = « Un monde industrialisé ne lui appartenant pas » se juge au déchargement des MP (étape 8, après les industries du tour des étapes 6 et 7) : le monde a au moins une industrie et un autre propriétaire (le monde d'un allié ou un monde neutre compte, jamais le sien).
ruling-g-120 = Seuls les déchargements des marchands sont notés, donc la somme Σu qui se partage le « double des industries » ne compte que les MP des marchands.
ruling-g-121 = La valeur de chaque autre joueur est montrée faussée d'un pourcentage entier uniforme u ∈ [−e, e] (e l'erreur pour ce nombre d'espions), arrondi au plus proche (les demis vers le haut) ; la valeur du joueur qui espionne est exacte ; le classement utilise les valeurs montrées.
ruling-g-122 = La moyenne d'un rapport d'espion se fait sur les vraies valeurs de tous les joueurs (arrondie au plus proche, les demis vers le haut), puis elle est faussée de la même erreur que les autres.
ruling-g-123 = Vaisseaux = VC + VT des flottes du joueur + VI + VP de ses mondes ; Cargaison transportée = MP + N + C + R sur ses flottes ; Populations = N + C sur ses mondes (robots exclus) ; Convertis = ses convertis sur tous les mondes ; Robots = les robots de ses mondes ; Trésors = les trésors sur ses mondes et ses flottes ; Capacité minière, Industries, Industries actives et Mondes comptent les valeurs nominales de ses mondes.
ruling-g-124 = La Chose est un trésor spécial qui ne vaut aucun point et dont l'action ne fait rien et ne le déplace jamais (le livre ne donne aucune action à programmer) ; l'étape est gardée, à sa place après les bombes, pour qu'une variante puisse la remplir.
ruling-g-126 = 14 noms × 13 adjectifs (familles d'un même nom de 13 trésors, familles d'un même adjectif de 14), suivant les deux énoncés des familles plutôt que « 13 noms et 14 adjectifs ».
ruling-g-127 = La table des bonus de trésors en fin de partie s'applique à toutes les classes telle qu'elle est imprimée.
ruling-g-128 = « Tous les trésors d'une catégorie recherchée » veut dire tous les trésors de la famille du nom ou de la famille de l'adjectif du trésor le plus recherché de la classe, sur ses mondes ou ses flottes.
ruling-g-129 = Un monde a plancher(trésors / 12) musées ; chaque famille (même nom, ou même adjectif) compte une fois, sur le monde du joueur qui en a le plus, quand elle a au moins 5 trésors ; un même trésor peut compter à la fois pour un musée, sa famille de nom et sa famille d'adjectif.
ruling-g-131 = En début de partie, le nombre choisi de sortes de trésors (les 200 par défaut, chacune au plus une fois) est tiré au hasard et chaque trésor est posé sur un monde neutre au hasard qui n'est ni un monde de départ ni un trou noir, ou — une fois sur cinq quand il existe des flottes neutres — dans la soute d'une flotte neutre au hasard ; jamais sur un monde de départ ni sur la flotte d'un joueur.
ruling-g-132 = Une flotte qui entre dans un trou noir perd un nombre de vaisseaux tiré au hasard uniformément entre 0 et tous (au plus le pourcentage maximal des règles), les VC d'abord, la cargaison au-delà de la capacité restante avec eux ; elle est ensuite jetée sur un monde tiré au hasard uniformément parmi ceux qui ne sont pas des trous noirs, le reste de sa route est annulé, et son propriétaire apprend où est le trou noir.
ruling-g-133 = Un trou noir rencontré n'importe où sur une route, pas seulement comme destination, a cet effet.
ruling-g-134 = Un cadeau n'est exécuté que si le donateur possède la flotte ou le monde au début de l'étape 17 (après le pillage et le piratage) — ce qu'on a reçu en cadeau ne peut donc pas être redonné au même tour —, et à un joueur existant, non neutre et autre que lui-même ; la flotte offerte est mise en paix ; les convertis restent à leur missionnaire.
ruling-g-135 = Le joueur numéro 0 est le joueur neutre, jamais connu de nom : jamais dans « Vous connaissez de nom » ni dans les joueurs connus du NBT, et aucune déclaration ni aucun cadeau ne peut le nommer.
ruling-g-136 = Le tour final est la moyenne des demandes arrondie ainsi.
ruling-g-137 = Le score se lit sur l'état de fin de tour, après la mise au point : les populations de l'empereur sont plancher((N + C sur ses mondes) / 10), ses industries actives le a qui vient d'être calculé pour le tour suivant, sa capacité minière la capacité nominale.
ruling-g-138 = Ce qu'une cible perd est crédité à ses tireurs au prorata du Nd de chaque tir (ou de ses propres pertes par couche sur un monde) ; les victimes des robots vont à leur propriétaire, celles d'une bombe au bombardier ; la surpopulation, le pillage et les trous noirs ne créditent personne.
ruling-g-139 = Les VT tirent et encaissent avec un CAtt fixe de 30 et un CDef fixe de 70.
ruling-g-141 = Une capture par émigration ignore les flottes présentes ; la sous-phase des captures (15c) peut reprendre le monde au même tour.
ruling-g-142 = Un classement d'espion range les valeurs montrées de la plus haute à la plus basse ; à valeur montrée égale, par numéro de joueur croissant.
ruling-g-143 = L'étape 14 se déroule dans cet ordre : relever chaque acte sur les nombres du début de l'étape, régler les tirs conditionnels, retirer les vaisseaux de protection touchés, appliquer toutes les autres pertes, larguer les bombes, déplacer les flottes (fuite, embuscade, trous noirs), puis résoudre les attaques de robots et les captures qu'elles causent.
ruling-g-144 = Le CR liste les déclarations en vigueur du joueur et celles que les autres joueurs ont faites à son sujet (« Vos déclarations » / « Déclarations reçues »), par sorte (A, C, CP, DP, PI, J) puis numéro de joueur ; l'entrée du Jihad porte le tour où il a été déclaré. La vérification y lit les permissions : charger sur le monde d'un autre joueur ou y décharger des populations demande sa déclaration (C, CP, DP) dans « Déclarations reçues » ; sans cette partie, le contrôle n'est qu'un avertissement, et le joueur neutre ne déclare jamais.

## exact: how chances are drawn
ruling-g-146 = Toute règle de la forme « chaque unité a une chance » (morts de surpopulation, déconversions…) est tirée en un seul nombre, avec la loi que donnent les chances indépendantes des unités — binomiale pour n unités de chance p, hypergéométrique (un type après l'autre, dans l'ordre où la règle les cite) pour savoir quelles unités d'un groupe mélangé — jamais un tirage par unité. Les petits nombres (au plus 16 unités ou tirages) sont tirés unité par unité en entiers exacts ; les plus grands par les méthodes de rejet BTRD de Hörmann (binomiale) et HRUA de Stadlober (hypergéométrique), dont les calculs n'utilisent que des opérations IEEE que Rust arrondit de la même façon sur toute machine (pas de ln du système) : la même graine donne la même partie partout. Les nombres eux-mêmes sont des entiers exacts.

## mail: les règles du robot de courrier
ruling-g-147 = Un courrier de plus de 1 Mio n'est pas lu ; son expéditeur reçoit une courte réponse (le livre ne fixe aucune limite).
ruling-g-148 = Au plus 20 réponses par heure partent vers une même adresse pour des requêtes qui n'ont pas donné un bon mot de passe (erreurs, mots aux expéditeurs non enregistrés) ; au-delà, le robot se tait et le note dans son journal. Les réponses à une requête au bon mot de passe ne sont jamais limitées : les courriers d'un inconnu ne peuvent pas épuiser les réponses d'un joueur.
ruling-g-149 = Les mots de passe faux se comptent par expéditeur et joueur annoncé sur 24 heures. Depuis une adresse qui n'est pas l'une de celles du joueur, après 5 le robot ne vérifie plus les mots de passe de cette paire (silence, une ligne dans le journal de l'arbitre), et après 10 venus d'une même adresse, quels que soient les joueurs annoncés, aucun de ses courriers ; depuis l'une des adresses du joueur, chaque mot de passe est toujours vérifié (un bon mot de passe marche toujours : des courriers falsifiés ne peuvent pas bloquer un joueur), seules les réponses d'erreur s'arrêtent après 5. Un passage vérifie au plus 50 mots de passe venus d'adresses non enregistrées, 10 par joueur annoncé : les courriers au-delà attendent dans la boîte le passage suivant.
ruling-g-150 = Un courrier est automatique, et ne reçoit jamais de réponse, quand il porte « Auto-Submitted » autre que « no », « Precedence: bulk|junk|list », un « List-Id », un « Return-Path » vide (« <> »), un « X-Loop » ou « X-Autoreply », un expéditeur nommé MAILER-DAEMON ou postmaster, le type « multipart/report », ou quand il vient de l'adresse du robot lui-même (pas de boucle de courrier).
ruling-g-151 = Les pièces jointes lues sont les pièces de texte (« text/plain », ou un fichier « .txt »/« .ord » envoyé en octet-stream) ; le HTML, les vCards et tout autre type sont écartés, jamais relayés. Les pièces de texte d'un Message sont relayées avec lui, sous leur nom (celles d'une rumeur aussi : le nom du fichier est le choix de l'expéditeur, comme son texte).
ruling-g-152 = Les réponses qui portent des données (accusés de réception, ordres, CR, réglages) ne partent que vers les adresses enregistrées du joueur. Une requête venue d'une autre adresse est faite quand son mot de passe est bon, et les adresses enregistrées apprennent quelle adresse s'en est servie ; l'expéditeur reçoit le même court mot que le mot de passe soit bon ou non (rien ne dit à un inconnu qu'il l'a deviné).
ruling-g-153 = Le nom de la partie se compare sans tenir compte des majuscules ; un courrier pour une autre partie, un joueur inconnu ou un mauvais mot de passe reçoit une réponse d'erreur à son expéditeur (depuis une adresse non enregistrée, le même mot qu'un bon mot de passe : G-152), et compte comme un mot de passe faux (G-149).
ruling-g-154 = Les versions sont rangées selon la date du courrier, bornée par son heure d'arrivée (une date dans le futur compte comme l'arrivée), puis selon l'ordre d'arrivée. Chaque version est gardée ; un courrier plus ancien que la version en cours ne la remplace pas, et son accusé de réception le dit (le livre laissait gagner le courrier le plus ancien quand il arrivait en dernier).
ruling-g-155 = EMAIL et ADDEMAIL envoient à chaque nouvelle adresse un courrier dont le sujet porte un jeton (« CONFIRMATION PARTIE J jeton ») ; un courrier venu de l'une de ces adresses dont le sujet porte le jeton (une réponse) fait le changement ; un EMAIL/ADDEMAIL plus récent remplace celui qui attend.
ruling-g-156 = NBORDRES compte les ordres de la version enregistrée en cours pour le tour joué (les lignes lues comme des ordres ; commentaires et lignes vides ne comptent pas), 0 quand rien n'est enregistré.
ruling-g-157 = Un MESSAGE qui répond à un message « M » relayé (son In-Reply-To ou ses References nomment le courrier relayé) va à tous les joueurs de ce fil en plus de ceux qu'il nomme, et est lui-même un message « M » ; le fil est reconnu par le Message-ID du courrier relayé : la réponse doit donc y répondre. Seul un joueur du fil le rejoint ainsi : la référence de quelqu'un d'autre est ignorée.
ruling-g-158 = Avec une date limite fixée pour le tour (« --deadline »), chaque joueur enregistré reçoit un rappel, une fois, dans les dernières heures avant elle : quand le serveur ne détient aucun ordre de lui, ou quand ses ordres enregistrés ont des erreurs (énumérées). Rien n'est envoyé après la date limite.
ruling-g-159 = Les ordres valent pour le tour joué au moment où le courrier est traité (le sujet ne nomme aucun tour). Un courrier daté d'avant le début de ce tour (écrit pour le précédent, arrivé en retard) est tout de même enregistré, et son accusé de réception avertit qu'il compte désormais pour ce tour.
ruling-g-160 = L'arborescence MIME d'un courrier se lit sans récursion, au plus 8 niveaux de parties « multipart » imbriquées et 64 parties en tout, avec des délimiteurs d'au plus 200 octets (la RFC 2046 en permet 70) ; un courrier au-delà reçoit une réponse d'erreur et rien n'en est utilisé. Au plus 8 pièces jointes de texte sont gardées, les autres écartées.
ruling-g-161 = Un joueur fait relayer au plus 20 MESSAGE par heure ; un message porte au plus 3 pièces jointes de texte d'au plus 64 Kio chacune (les autres sont écartées, et l'expéditeur le sait) ; EMAIL et ADDEMAIL nomment au plus 3 adresses, chacune une boîte valide.
ruling-g-162 = Un mot de passe a au moins 6 caractères et aucun blanc (les mots d'un sujet se coupent aux blancs : un mot de passe qui en contient ne pourrait jamais être donné), pour « nebutil mail passwd » comme pour PASSWORD.
ruling-g-163 = Un courrier ORDRES n'enregistre rien quand la partie est finie (son dernier tour joué), quand une partie de texte n'a pas pu être décodée, ou quand il ne contient aucun texte (ni DEBUT, ni rien d'autre que le sujet) : une réponse d'erreur dit pourquoi, et les ordres enregistrés restent ce qu'ils étaient. DEBUT puis FIN sans rien entre les deux, c'est un joueur qui vide ses ordres : c'est enregistré.
ruling-g-164 = Les formulaires d'inscription sont servis dans leur ordre : chaque joueur reçoit son premier choix dont le pseudonyme n'est tenu par aucun joueur servi avant lui (comparé sans tenir compte des majuscules ni des blancs autour) ; les classes peuvent se répéter. Un joueur à qui il ne reste aucun choix libre est une erreur qui le nomme : l'arbitre règle cela avec les joueurs.
ruling-g-165 = Quand l'arbitre annule un tour (« nebutil game undo »), le robot retire ses CR qui attendent encore dans la boîte d'envoi ; ceux déjà partis sont suivis, une fois le tour résolu à nouveau, des nouveaux CR envoyés comme une correction (leur propre Message-ID, un sujet et une première ligne disant qu'ils remplacent le CR précédent de ce tour).
ruling-g-166 = Le journal de l'arbitre (le fichier écrit à chaque tour résolu) fait partie des archives de la partie : il est écrit en français, la langue du jeu, quelle que soit la langue de l'application ou de la ligne de commande de l'arbitre qui résout le tour ; la même sauvegarde et les mêmes ordres donnent les mêmes octets. L'application montre les faits du journal dans sa propre langue.
ruling-g-167 = Le livre écrit une flotte vide sans crochets de vaisseaux (F_57 "Maxtor") et une flotte neutre sans propriétaire, mais jamais les deux ensemble (une flotte vide restée sur un monde sans vaisseau en guerre devient neutre, G-94) : sans l'un ni l'autre, la ligne serait un simple F_85, la mention d'une flotte dont on ne sait rien (F#102). Une flotte neutre vide s'écrit donc avec ses 0 vaisseaux, F_85 []=0, la seule ligne qui se relit comme une flotte neutre vide. Une flotte vide à un joueur, ou qui vient de devenir neutre (F_85 " (Maxtor) "), n'a pas de crochets de vaisseaux.
ruling-g-168 = Le livre dit que l'ALI 2 montre le niveau en défense et l'ALI 3 le niveau en attaque des joueurs que l'on connaît, et qu'à partir de l'ALI 4 on cache les siens aux joueurs d'ALI strictement inférieure, mais ne montre aucune notation. Le CR les écrit sur une ligne à part juste après « Vous connaissez de nom » (qui reste telle que le livre l'imprime) : « Niveaux connus : », puis pour chaque joueur connu dont l'ALI montre un niveau, "Nom":n suivi de ATT a et/ou DEF d (l'ordre du bloc des technologies), les joueurs séparés par des virgules, dans l'ordre de la liste des joueurs connus. Un joueur dont l'ALI ne montre rien (ALI trop basse, ou caché par la sienne) n'y figure pas, ni la ligne quand elle serait vide. Les niveaux sont ceux de la fin du tour, comme le bloc des technologies du joueur. Le NBT porte les mêmes dans known_levels.
