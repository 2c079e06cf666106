# combat messages (fr)

## Simulateur de combat (issue 5)
sim-setup-syntax = configuration illisible : { $error }
sim-unknown-rules = règles inconnues « { $rules } » (2002 ou 1999)
sim-side-name = camp sans nom ou nommé deux fois : « { $side } »
sim-unknown-side = aucun camp ne s'appelle « { $side } »
sim-jihad-not-missionary = { $side } n'est pas missionnaire : son Jihad ne change rien
sim-duplicate-fleet = la flotte { $fleet } apparaît deux fois
sim-fire-and-move = la flotte { $fleet } se déplace : elle ne tire pas (ordres exclusifs)
sim-bad-target = { $shooter } ne peut pas tirer sur { $target }
sim-unknown-fleet = aucune flotte { $fleet } dans la configuration
sim-cargo-over-capacity = la flotte { $fleet } porte { $cargo } pour une capacité de { $capacity } : le surplus ne compte pas (C ≤ Cm)
sim-flee-and-cross = la flotte { $fleet } ne peut pas à la fois fuir le monde et le traverser
sim-exclusive-orders = la flotte { $fleet } a plusieurs ordres exclusifs : le déplacement l'emporte sur l'attaque de robots ou la bombe, qui l'emportent sur le tir
sim-neutral-never-fires = le joueur neutre ne tire jamais : les ordres de tir des VI et VP d'un monde neutre sont ignorés
sim-neutral = neutre
sim-round = Tour { $round }
sim-ambush-shot = embuscade (CAtt × 2)
sim-jihad-shot = Jihad (ATT + 4)
sim-not-triggered = tir conditionnel non déclenché
sim-phase-protections = Phase 1 — vaisseaux de protection détruits : VI { $vi }, VP { $vp }
sim-phase-rest = Phase 2 — le reste des dégâts
sim-fleet-losses = { $fleet } ({ $side }) : { $vc } VC et { $vt } VT détruits, cargaison perdue : { $cargo }
sim-fleet-ambushed = { $fleet } ({ $side }) en embuscade : { $vc } VC et { $vt } VT détruits, cargaison perdue : { $cargo }
sim-fleet-stopped = flotte vide : immobilisée sur le monde
sim-fleet-fled = s'enfuit du monde
sim-fleet-crossed = poursuit sa route
sim-ambushes = Embuscades
sim-nothing = rien
sim-after = Après le tour :
sim-ships-left = Vaisseaux restants : { $list }
sim-end-gone = Fin : plus aucun vaisseau pour { $sides }.
sim-end-stable = Fin : plus rien ne change d'un tour à l'autre.
sim-end-limit = Fin : limite { $rounds ->
        [one] de { $rounds } tour atteinte.
       *[other] de { $rounds } tours atteinte.
    }
sim-bomb = { $fleet } ({ $side }) largue sa bombe sur { $world } (VII.1.4)
sim-bomb-razed = détruits : { $list } ; le monde devient neutre, marqué M# pour toujours
sim-bomb-points = points de { $side } : { $score } (G-108)
sim-robot-attack = Attaque de robots sur { $world } (VI.5.1)
sim-robot-drop = { $fleet } ({ $side }) { $order } : { $text } (G-79)
sim-robot-none = aucun robot n'atterrit : il ne reste aucun VC pour devenir robots
sim-robot-sides = robots par camp : { $list }
sim-robot-winner = robots contre robots, { $side } l'emporte : { $text }
sim-robot-tie = égalité entre les plus forts : tous les robots sont détruits (R = 0)
sim-robot-vs-population = 1 robot tue 4 populations et réciproquement 4 populations tuent 1 robot :
sim-robot-losses = pertes : { $list }
sim-robot-captured = { $world } passe à { $side } avec ses protections (G-82)
sim-robot-emptied = { $world } n'a plus ni robots ni populations : il devient neutre (15c)
cli-combat-bad-fleet = « { $fleet } » n'est pas un numéro de flotte (F_128 ou 128)
cli-combat-none = aucun
cli-combat-search = Ce qu'il faut à { $fleet } pour anéantir { $target } en { $rounds ->
        [one] { $rounds } tour
       *[other] { $rounds } tours
    } :
cli-combat-min-vc = nombre de VC minimal : { $vc } (cherché jusqu'à { $max })
cli-combat-min-att = niveau d'ATT minimal : { $att }
cli-combat-withstand = { $target } tient jusqu'à { $vc } VC, avec une perte de { $loss }
cli-combat-withstand-none = { $target } ne tient face à aucun nombre de VC cherché (ou tient face à tous)
gui-sim-withstand = { $target } tient encore face à { $vc } VC au plus, en perdant { $loss }.
gui-sim-withstand-none = { $target } ne tient face à aucun nombre de VC cherché (ou tient face à tous).
gui-sim-title = Simulateur de combat
gui-sim-menu = Simulateur de combat
gui-sim-not-run = Corrigez la configuration pour lancer la simulation.
gui-sim-load = Ouvrir…
gui-sim-save = Enregistrer…
gui-sim-book = Exemple du livre
gui-sim-from-cr = Depuis le CR :
gui-sim-take = Prendre ce monde
gui-sim-take-hint = Le monde du CR affiché, ses flottes et ses défenses : vos niveaux pour vous ; pour les autres, l'ATT et la DEF que vos CR (ALI 2 et 3) ou ceux de vos alliés montrent, sinon ceux indiqués (ATT, DEF, CAR).
gui-sim-levels-taken = Niveaux pris : { $list }
gui-sim-levels-own = { $side } : ATT { $att }, DEF { $def } (vos niveaux)
gui-sim-levels-other = { $side } : ATT { $att } ({ $att_from }), DEF { $def } ({ $def_from })
gui-sim-level-known = connu par les CR
gui-sim-level-assumed = supposé
gui-sim-rounds = Tours au plus :
gui-sim-world = Monde
gui-sim-owner = Propriétaire :
gui-sim-neutral = neutre
gui-sim-no-fire = pas de tir
gui-sim-add-fleet = + flotte
gui-sim-remove-fleet = Retirer la flotte
gui-sim-add-side = + camp
gui-sim-remove-side = Retirer le camp
gui-sim-new-side = Camp { $n }
gui-sim-allies = Alliés :
gui-sim-fleeing = fuit
gui-sim-crossing = traverse
gui-sim-peace = paix
gui-sim-axis-round = tour
gui-sim-axis-ships = vaisseaux
gui-sim-search = Ce qu'il faut à
gui-sim-search-run = Chercher
gui-sim-search-answer = { $fleet } anéantit sa cible en { $rounds ->
        [one] { $rounds } tour
       *[other] { $rounds } tours
    } avec au moins { $vc } VC, ou au niveau d'ATT { $att }.
gui-sim-load-failed = Configuration illisible : { $file }
gui-sim-save-failed = Impossible d'enregistrer { $file }
gui-sim-saved = Enregistré : { $file }
gui-sim-rules = Règles
gui-sim-side-name = Nom du camp
gui-sim-class = Classe
gui-sim-world-choice = M_{ $world } ({ $fleets ->
        [one] { $fleets } flotte
       *[other] { $fleets } flottes
    })
gui-sim-cr-world = Monde du CR

## arbiter-windows: combat window (no formula without a target, tooltips, search follows the fight)
sim-no-hit = aucun coup au but : rien n'est détruit
sim-fleet-empty = { $fleet } n'a aucun vaisseau : il n'y a rien à détruire
sim-world-empty-m = le monde n'a aucune défense (ni VI ni VP) : le tir ne détruit rien
sim-world-empty-p = le monde n'a aucune défense (ni VP ni population) : le tir ne détruit rien
sim-world-empty-i = le monde n'a aucune défense (ni VI ni industrie) : le tir ne détruit rien
sim-world-empty-n = le monde n'a aucune population non convertie : le tir ne tue personne
sim-world-empty-c = le monde n'a aucun converti : le tir ne tue personne
gui-sim-search-hint = La plus petite flotte (en VC, ou en niveau d'ATT) qui anéantit la cible de son ordre de tir dans le combat affiché, et ce que cette cible encaisse en tenant encore
gui-sim-search-fleet-hint = La flotte qui tire : seules les flottes ayant un ordre de tir dans ce combat sont proposées
gui-sim-search-none = Aucune flotte n'a d'ordre de tir dans ce combat : donnez-en un pour savoir ce qu'il faut.
gui-sim-search-nothing = { $fleet } n'a besoin d'aucun VC : sa cible { $target } n'a rien à perdre, ou le reste du combat l'anéantit sans lui.
gui-sim-search-for = Combat affiché : { $fleet } * { $target }, { $rounds ->
        [one] { $rounds } tour au plus
       *[other] { $rounds } tours au plus
    }.
gui-sim-hint-cr-world = Le monde du CR affiché à reprendre dans le simulateur
gui-sim-hint-assumed-att = Niveau d'attaque (ATT) supposé pour les autres joueurs, que le CR ne donne pas
gui-sim-hint-assumed-def = Niveau de défense (DEF) supposé pour les autres joueurs, que le CR ne donne pas
gui-sim-hint-assumed-car = Niveau de cargaison (CAR) supposé pour les autres joueurs, que le CR ne donne pas
gui-sim-hint-rounds = Nombre de tours de combat simulés au plus (le combat s'arrête avant quand plus rien ne change)
gui-sim-hint-rules = Les règles appliquées : celles de 2002 ou de 1999
gui-sim-hint-world = Le numéro du monde où a lieu le combat
gui-sim-hint-owner = Le camp propriétaire du monde : ses VI et VP tirent pour lui ; un monde neutre ne tire jamais
gui-sim-hint-vi = VI : les vaisseaux qui protègent les industries du monde ; ils peuvent tirer sur une flotte
gui-sim-hint-vp = VP : les vaisseaux qui protègent les populations du monde ; ils peuvent tirer sur une flotte ou sur des populations
gui-sim-hint-n = N : la population non convertie du monde
gui-sim-hint-robots = R : les robots du monde
gui-sim-hint-industries = I : les industries du monde
gui-sim-hint-converts = Les convertis de « { $side } » sur le monde
gui-sim-hint-conditional = Tir conditionnel (? au lieu de *) : ne part que si le propriétaire de la cible agresse celui qui a donné l'ordre ou un de ses alliés (VII.1.3)
gui-sim-hint-fire = L'ordre de tir : sa cible (une flotte, ou M, P, I, N, C sur le monde), ou pas de tir
gui-sim-hint-side-name = Le nom du joueur de ce camp (celui du CR)
gui-sim-hint-class = La classe du joueur : le missionnaire a son Jihad, le pirate et les autres leurs propres CAtt
gui-sim-hint-att = Niveau d'attaque (ATT) du camp : le CAtt de ses VC, VI et VP
gui-sim-hint-def = Niveau de défense (DEF) du camp : le CDef de ses VC, VI et VP
gui-sim-hint-car = Niveau de cargaison (CAR) du camp : la capacité de ses VT
gui-sim-hint-no-ambush = Z : ce camp ne tend aucune embuscade sur ce monde (annulation d'embuscade, VII.3.5)
gui-sim-hint-jihad = Le joueur visé par le Jihad du missionnaire : contre lui, ses vaisseaux tirent avec ATT + 4
gui-sim-hint-allies = Les camps que ce camp a déclarés alliés (déclaration A)
gui-sim-hint-ally = Coché : « { $side } » a déclaré « { $ally } » allié
gui-sim-hint-fleet = Le numéro de la flotte
gui-sim-hint-vc = VC : les vaisseaux de combat de la flotte
gui-sim-hint-vt = VT : les vaisseaux de transport de la flotte (CAtt 30)
gui-sim-hint-cargo-mp = Cargaison : matières premières (MP)
gui-sim-hint-cargo-n = Cargaison : population (N)
gui-sim-hint-cargo-c = Cargaison : convertis (C)
gui-sim-hint-cargo-r = Cargaison : robots (R)
gui-sim-hint-fleeing = La flotte quitte le monde ce tour-ci : elle ne tire pas et son CDef est divisé par deux sur ce monde (VII.1.6)
gui-sim-hint-crossing = La flotte ne fait que traverser le monde : elle peut y subir une embuscade (VII.1.5)
gui-sim-hint-peace = Flotte en paix : elle ne tend pas d'embuscade ni ne participe à une capture, mais tire si on le lui ordonne (VII.3.4)
gui-sim-hint-world-mp = MP : les matières premières du monde en stock (une bombe les détruit)
gui-sim-robot-attack = Robots largués par { $fleet }
gui-sim-hint-robot-attack = Attaque de robots F_f T x R : x robots largués sur le monde après le tir, pris sur x/2 VC (les VC détruits par le tir meurent les premiers, G-79) ; 0 : aucune
gui-sim-bomb = bombe
gui-sim-hint-bomb = F_f L BOMBE : la flotte largue sa bombe sur le monde après le tir, même vidée par lui ; le monde perd populations, industries, VI, VP et MP et devient neutre (VII.1.4)
