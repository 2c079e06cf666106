# orders messages (fr)
# The order syntax (M_m, F_f, VC, BOMBE …) is never translated.

## Diagnostics of the order parser

order-unknown = Ordre inconnu : « { $found } ». Un ordre commence par { $next }.
order-unknown-suggest = Ordre inconnu : « { $found } ». Vouliez-vous écrire « { $suggestion } »{ $form } ?
order-unexpected = « { $found } » ne convient pas ici : après « { $typed } », il faut { $next }{ $form }.
order-unexpected-suggest = « { $found } » ne convient pas ici : vouliez-vous écrire « { $suggestion } »{ $form } ? Après « { $typed } », il faut { $next }.
order-incomplete = Ordre incomplet : après « { $typed } », il faut { $next }{ $form }.
order-empty = Aucun ordre ici : un ordre commence par { $next }.
order-form = , par exemple « { $example } »
order-form-none = {""}
order-trailing = Texte en trop après l'ordre complet « { $order } » : « { $text } ». Supprimez-le, ou écrivez-le après un « ; » pour en faire un commentaire.
order-zero-quantity = Une quantité ne peut pas être 0 : écrivez une quantité d'au moins 1 (ou omettez-la quand l'ordre le permet).
order-number-too-large = Nombre trop grand : « { $number } ». Aucun numéro ni aucune quantité du jeu n'atteint cette valeur.
order-unterminated-quote = Guillemet non refermé : le texte doit se terminer par « " » sur la même ligne.
order-name-forbidden-char = Le nom d'un monde ne peut contenir ni « " » ni « @ ».
order-player-unquoted = Un joueur se désigne par son numéro, ou par son nom exact entre guillemets : « "{ $name }" ».
order-md-notation = La notation Md du compte rendu ne doit pas être reproduite dans les ordres : écrivez « { $fix } ».
order-hash-notation = La marque # du compte rendu (bombe) ne s'écrit pas dans les ordres : écrivez « { $fix } ».
order-parentheses = Les parenthèses de la liste des ordres signalent une partie facultative et ne s'écrivent pas : écrivez « { $fix } ».
order-route-mixed = Les deux syntaxes de déplacement sont mélangées : écrivez « { $fix } ».
order-trailing-period = Point final ignoré après l'ordre.

## What may come next in an order (`$next` of the messages above)

order-next-start = un monde (M_12), une flotte (F_57), un trésor (T_3), VI ou VP suivi d'un monde, Z (embuscades), ou une déclaration (A, E, C, N, CP, NCP, DP, NDP, J, PI ou NPI) suivie de « : » et d'un joueur
order-next-world-number = le numéro du monde
order-next-fleet-number = le numéro de la flotte
order-next-treasure-number = le numéro du trésor
order-next-declaration = « : » suivi du joueur visé
order-next-player = le joueur visé : son numéro, ou son nom exact entre guillemets
order-next-ambush-world = le numéro du monde où l'embuscade est désactivée, ou rien pour tous vos mondes
order-next-world-verb = ce que fait le monde : = (le nommer), E (faire émigrer), C (construire, ou le donner avec « : »), T (transformer) ou P (piller)
order-next-world-name = le nouveau nom entre guillemets
order-next-emigrants = le nombre d'émigrants
order-next-emigrant-kind = qui émigre : P (population), C (convertis), N (non-convertis) ou R (robots)
order-next-emigration-target = le numéro du monde de destination
order-next-build-count = le nombre à construire, ou « : » suivi d'un joueur pour donner le monde
order-next-construction = ce que le monde construit : VC ou VT (suivis de la flotte qui les reçoit), VI, VP, I (industries), P (limite de population), R (robots), E (espions, suivi de la catégorie) ou une recherche (DEP, ATT, DEF, RAD, CAR ou ALI)
order-next-build-fleet = le numéro de la flotte qui reçoit les vaisseaux construits
order-next-spy-category = le numéro de la catégorie d'espionnage
order-next-transform-count = le nombre de robots, de VI ou de VP à transformer
order-next-transform-what = ce qui est transformé : R (robots), VI ou VP
order-next-robot-product = ce que deviennent les robots : I (industries), VI, VP, ou une flotte (F_57) qui reçoit des VC
order-next-vi-transfer = où vont les VI : VP, VT suivi de la flotte qui les reçoit, ou une flotte (F_57) où ils deviennent des VC
order-next-vp-transfer = où vont les VP : VI, VT suivi de la flotte qui les reçoit, ou une flotte (F_57) où ils deviennent des VC
order-next-vt-fleet = le numéro de la flotte qui reçoit les VT
order-next-vt-fleet-optional = la flotte qui reçoit les VT (F_57), ou rien pour les garder sur cette flotte
order-next-fleet-verb = ce que fait la flotte : MM ou M (déplacement), * ou ? (tir), C (charger), D (décharger), T (transférer), E (mise en valeur), S (sonder), L BOMBE (larguer la bombe), P (paix) ou G (guerre)
order-next-probe-target = le numéro du monde à sonder
order-next-fleet-load = la quantité à charger (facultative) puis la marchandise (MP, P, N, C ou R), BOMBE pour construire une bombe, ou « : » suivi d'un joueur pour donner la flotte
order-next-load-goods = ce que la flotte charge : MP, P (population), N (non-convertis), C (convertis) ou R (robots)
order-next-fleet-unload = la quantité à décharger (facultative) puis ce que la flotte décharge : MP, PC, P, N, C ou R
order-next-unload-goods = ce que la flotte décharge : MP, PC, P, N, C ou R (MP, produits de consommation, population, non-convertis, convertis ou robots)
order-next-meva-count = le nombre de VC sacrifiés à la mise en valeur
order-next-meva-vc = VC (les vaisseaux sacrifiés)
order-next-meva-target = ce qui est mis en valeur : P (population) ou CM (capacité minière)
order-next-fleet-transfer-count = le nombre de vaisseaux (ou de robots) concernés
order-next-fleet-transfer-what = VC ou VT (les vaisseaux transférés), ou R (attaque de robots)
order-next-vc-transfer = où vont les VC : une flotte (F_57), VI, VP, ou VT pour les transformer
order-next-fire-target = la cible du tir : une flotte (F_57), M (vaisseaux de protection), P (population) ou I (industries)
order-next-fire-fleet = la flotte visée (F_57)
order-next-vp-fire-target = la cible du tir : une flotte (F_57), N (non-convertis) ou C (convertis)
order-next-route = le numéro du monde de destination
order-next-route-more = le monde suivant du trajet, ou rien si le trajet est fini
order-next-bomb = BOMBE (L BOMBE largue la bombe)
order-next-treasure-verb = la flotte qui prend le trésor (F_57), ou M pour le déposer sur le monde
order-next-guard-world = le monde de ces vaisseaux (M_12)
order-next-vi-verb = ce que font les VI : S (sonder), C (devenir des industries), * ou ? (tir)
order-next-vp-verb = ce que font les VP : S (sonder), * ou ? (tir)
order-next-industries-count = le nombre d'industries à obtenir
order-next-industries-word = I (industries)

## Envelope and mails

order-outside-envelope = { $count ->
    [one] Une ligne hors de DEBUT … FIN est ignorée (en-tête ou signature).
   *[other] { $count } lignes hors de DEBUT … FIN sont ignorées (en-têtes ou signature).
}
order-envelope-no-debut = Le serveur de mail ne lit que les lignes entre DEBUT et FIN : ajoutez une ligne DEBUT après le sujet.
order-envelope-no-fin = Ligne FIN manquante : le corps du mail doit se terminer par FIN.
order-envelope-fin-without-debut = FIN sans DEBUT : la suite du texte est ignorée.
order-mail-not-orders = Ce texte est un mail { $command }, pas un mail d'ordres.
order-mail-no-subject = Sujet de mail absent ou inconnu : il commence par ORDRES, MESSAGE, CONFIG ou INFO.
order-mail-bad-subject = Sujet incomplet : il s'écrit { $command }, puis le nom de la partie, votre numéro de joueur et votre mot de passe, par exemple « { $command } KARNAJ 4 secret ».
order-mail-bad-player = Le sujet doit donner votre numéro de joueur après le nom de la partie, pas « { $text } ».
order-mail-ack-unquoted = Le message de l'accusé de réception s'écrit entre guillemets.
order-mail-no-recipients = Les destinataires s'écrivent entre < et >, séparés par des virgules (numéros, pseudos ou All), par exemple « <2,5> ».
order-mail-subject-extra = Texte en trop dans le sujet : « { $text } ».
order-mail-config-unknown = Commande de configuration inconnue : « { $text } » (les commandes sont PASSWORD, MSGGEN, COPIE, RUMEUR, EMAIL et ADDEMAIL).
order-mail-config-yes-no = { $command } attend Y (oui) ou N (non).
order-mail-config-value = { $command } attend une valeur sans espace.
order-mail-email-not-alone = Avec EMAIL ou ADDEMAIL, le mail ne peut contenir qu'une seule commande.
order-mail-info-unknown = Demande d'information inconnue : « { $text } » (les demandes sont NBORDRES, ORDRES et CR).
order-mail-not-representable = Ce mail ne peut pas s'écrire tel quel (espace dans un mot de passe, ligne DEBUT ou FIN dans le texte, guillemet dans le message…).

## Explanations: one sentence per order form

-order-if-attacked = seulement si son propriétaire vous agresse, vous ou un de vos alliés
order-explain-name = Le monde { $world } s'appelle désormais « { $name } »
order-explain-ally = Le joueur { $player } est déclaré allié
order-explain-enemy = Le joueur { $player } est déclaré ennemi
order-explain-loader = Le joueur { $player } est déclaré chargeur de matières premières
order-explain-non-loader = Le joueur { $player } est déclaré non chargeur de matières premières
order-explain-pop-loader = Le joueur { $player } est déclaré chargeur de population
order-explain-non-pop-loader = Le joueur { $player } est déclaré non chargeur de population
order-explain-pop-unloader = Le joueur { $player } est déclaré déchargeur de population
order-explain-non-pop-unloader = Le joueur { $player } est déclaré non déchargeur de population
order-explain-jihad = Le Jihad est déclaré au joueur { $player }
order-explain-pillager = Le joueur { $player } est déclaré pilleur
order-explain-non-pillager = Le joueur { $player } est déclaré non pilleur
order-explain-peace = La flotte { $fleet } est mise en paix
order-explain-war = La flotte { $fleet } est mise en guerre
order-explain-no-ambush = L'embuscade est désactivée sur le monde { $world } pour ce tour
order-explain-no-ambush-all = Les embuscades sont désactivées sur tous les mondes pour ce tour
order-explain-probe-vi = Un VI du monde { $world } sonde le monde { $target }
order-explain-probe-vp = Un VP du monde { $world } sonde le monde { $target }
order-explain-probe-fleet = Un VC de la flotte { $fleet } sonde le monde { $target }
order-explain-emigrate-p = Le monde { $world } fait émigrer { $count } { $count ->
    [one] population
   *[other] populations
} vers le monde { $target }
order-explain-emigrate-c = Le monde { $world } fait émigrer { $count } { $count ->
    [one] converti
   *[other] convertis
} vers le monde { $target }
order-explain-emigrate-n = Le monde { $world } fait émigrer { $count } { $count ->
    [one] population non convertie
   *[other] populations non converties
} vers le monde { $target }
order-explain-emigrate-r = Le monde { $world } fait émigrer { $count } { $count ->
    [one] robot
   *[other] robots
} vers le monde { $target }
order-explain-build-vc = Le monde { $world } construit { $count } VC sur la flotte { $fleet }
order-explain-build-vt = Le monde { $world } construit { $count } VT sur la flotte { $fleet }
order-explain-build-vi = Le monde { $world } construit { $count } VI
order-explain-build-vp = Le monde { $world } construit { $count } VP
order-explain-build-i = Le monde { $world } construit { $count } { $count ->
    [one] industrie
   *[other] industries
}
order-explain-vi-to-industries = Les VI du monde { $world } sont transformés en { $count } { $count ->
    [one] industrie
   *[other] industries
}
order-explain-build-p = Le monde { $world } augmente sa limite de population de { $count }
order-explain-build-r = Le monde { $world } construit { $count } { $count ->
    [one] robot
   *[other] robots
}
order-explain-robots-to-i = { $count } { $count ->
    [one] robot
   *[other] robots
} du monde { $world } se transforment en { $result } { $result ->
    [one] industrie
   *[other] industries
}
order-explain-robots-to-vc = { $count } { $count ->
    [one] robot
   *[other] robots
} du monde { $world } se transforment en { $result } VC sur la flotte { $fleet }
order-explain-robots-to-vi = { $count } { $count ->
    [one] robot
   *[other] robots
} du monde { $world } se transforment en { $result } VI
order-explain-robots-to-vp = { $count } { $count ->
    [one] robot
   *[other] robots
} du monde { $world } se transforment en { $result } VP
order-explain-build-bomb = La flotte { $fleet } sacrifie des VC pour construire la bombe
order-explain-spies = Le monde { $world } dépense { $count } UP pour espionner dans la catégorie { $category }
order-explain-research-dep = Le monde { $world } consacre { $count } UP à la recherche en déplacement
order-explain-research-att = Le monde { $world } consacre { $count } UP à la recherche en attaque
order-explain-research-def = Le monde { $world } consacre { $count } UP à la recherche en défense
order-explain-research-rad = Le monde { $world } consacre { $count } UP à la recherche en radar
order-explain-research-car = Le monde { $world } consacre { $count } UP à la recherche en cargaison
order-explain-research-ali = Le monde { $world } consacre { $count } UP à la recherche en connaissance des aliens
order-explain-unload-mp = La flotte { $fleet } décharge { $count ->
    [all] tous ses MP
   *[other] { $count } MP
}
order-explain-unload-pc = La flotte { $fleet } décharge { $count ->
    [all] tous ses MP
   *[other] { $count } MP
} sous forme de PC
order-explain-unload-p = La flotte { $fleet } décharge { $count ->
    [all] toutes ses populations
    [one] { $count } population
   *[other] { $count } populations
}
order-explain-unload-n = La flotte { $fleet } décharge { $count ->
    [all] toutes ses populations non converties
    [one] { $count } population non convertie
   *[other] { $count } populations non converties
}
order-explain-unload-c = La flotte { $fleet } décharge { $count ->
    [all] tous ses convertis
    [one] { $count } converti
   *[other] { $count } convertis
}
order-explain-unload-r = La flotte { $fleet } décharge { $count ->
    [all] tous ses robots
    [one] { $count } robot
   *[other] { $count } robots
}
order-explain-drop-treasure = Le trésor { $treasure } est largué sur le monde où se trouve sa flotte
order-explain-vi-to-vp = Le monde { $world } transfère { $count } VI en VP
order-explain-vp-to-vi = Le monde { $world } transfère { $count } VP en VI
order-explain-vi-to-fleet = Le monde { $world } transfère { $count } VI sur la flotte { $fleet }, où ils deviennent des VC
order-explain-vp-to-fleet = Le monde { $world } transfère { $count } VP sur la flotte { $fleet }, où ils deviennent des VC
order-explain-vc-to-vi = La flotte { $fleet } transfère { $count } VC en VI sur son monde
order-explain-vc-to-vp = La flotte { $fleet } transfère { $count } VC en VP sur son monde
order-explain-vc-to-fleet = La flotte { $fleet } transfère { $count } VC sur la flotte { $target }
order-explain-vt-to-fleet = La flotte { $fleet } transfère { $count } VT sur la flotte { $target }
order-explain-vc-to-vt = La flotte { $fleet } transforme { $count } VC en VT
order-explain-vc-to-vt-fleet = La flotte { $fleet } transforme { $count } VC en VT placés sur la flotte { $target }
order-explain-vi-to-vt = Le monde { $world } transforme { $count } VI en VT placés sur la flotte { $fleet }
order-explain-vp-to-vt = Le monde { $world } transforme { $count } VP en VT placés sur la flotte { $fleet }
order-explain-load-mp = La flotte { $fleet } charge { $count ->
    [all] le plus possible de MP
   *[other] { $count } MP
}
order-explain-load-p = La flotte { $fleet } charge { $count ->
    [all] le plus possible de populations
    [one] { $count } population
   *[other] { $count } populations
}
order-explain-load-n = La flotte { $fleet } charge { $count ->
    [all] le plus possible de populations non converties
    [one] { $count } population non convertie
   *[other] { $count } populations non converties
}
order-explain-load-c = La flotte { $fleet } charge { $count ->
    [all] le plus possible de convertis
    [one] { $count } converti
   *[other] { $count } convertis
}
order-explain-load-r = La flotte { $fleet } charge { $count ->
    [all] le plus possible de robots
    [one] { $count } robot
   *[other] { $count } robots
}
order-explain-load-treasure = Le trésor { $treasure } est chargé sur la flotte { $fleet }
order-explain-meva-p = La flotte { $fleet } sacrifie { $count } VC pour mettre en valeur la population de son monde
order-explain-meva-cm = La flotte { $fleet } sacrifie { $count } VC pour mettre en valeur la capacité minière de son monde
order-explain-fire-fleet = La flotte { $fleet } tire sur la flotte { $target }
order-explain-fire-m = La flotte { $fleet } tire sur les vaisseaux de protection du monde
order-explain-fire-p = La flotte { $fleet } tire sur les populations du monde
order-explain-fire-i = La flotte { $fleet } tire sur les industries du monde
order-explain-vp-fire-fleet = Les VP du monde { $world } tirent sur la flotte { $fleet }
order-explain-vp-fire-n = Les VP du monde { $world } tirent sur les non-convertis
order-explain-vp-fire-c = Les VP du monde { $world } tirent sur les convertis
order-explain-vi-fire-fleet = Les VI du monde { $world } tirent sur la flotte { $fleet }
order-explain-cfire-fleet = La flotte { $fleet } tirera sur la flotte { $target } { -order-if-attacked }
order-explain-cfire-m = La flotte { $fleet } tirera sur les vaisseaux de protection du monde, { -order-if-attacked }
order-explain-cfire-p = La flotte { $fleet } tirera sur les populations du monde, { -order-if-attacked }
order-explain-cfire-i = La flotte { $fleet } tirera sur les industries du monde, { -order-if-attacked }
order-explain-vp-cfire-fleet = Les VP du monde { $world } tireront sur la flotte { $fleet } { -order-if-attacked }
order-explain-vp-cfire-n = Les VP du monde { $world } tireront sur les non-convertis, { -order-if-attacked }
order-explain-vp-cfire-c = Les VP du monde { $world } tireront sur les convertis, { -order-if-attacked }
order-explain-vi-cfire-fleet = Les VI du monde { $world } tireront sur la flotte { $fleet } { -order-if-attacked }
order-explain-move = La flotte { $fleet } { $stops ->
    [0] se déplace vers le monde { $to }
    [1] passe par le monde { $via } pour arriver au monde { $to }
   *[other] passe par les mondes { $via } pour arriver au monde { $to }
}
order-explain-drop-bomb = La flotte { $fleet } largue la bombe sur son monde
order-explain-robot-attack = La flotte { $fleet } transforme { $vc } VC en { $count } { $count ->
    [one] robot
   *[other] robots
} largués sur son monde (attaque de robots)
order-explain-pillage = Le monde { $world } est pillé
order-explain-give-fleet = La flotte { $fleet } est offerte en cadeau au joueur { $player }
order-explain-give-world = Le monde { $world } est offert en cadeau au joueur { $player }

## Diagnostics of the order validator (src/orders/validate): the orders checked
## against what the player knows. `$state`: other (owned by `$owner`), neutral,
## unlisted (not on the CR as the player's).

order-check-world-not-yours = M_{ $world } n'est pas à vous au début du tour { $turn } : { $state ->
    [other] il appartient à « { $owner } »
    [neutral] il est neutre
   *[unlisted] votre CR ne le décrit pas comme à vous
}. L'arbitre ignorera cet ordre.
order-check-world-not-yours-yet = M_{ $world } n'est pas à vous au début du tour { $turn } ({ $state ->
    [other] il appartient à « { $owner } »
    [neutral] il est neutre
   *[unlisted] votre CR ne le décrit pas comme à vous
}) : cet ordre ne sera exécuté que si vous l'avez capturé d'ici là.
order-check-fleet-not-yours = F_{ $fleet } n'est pas à vous au début du tour { $turn } : { $state ->
    [other] elle appartient à « { $owner } »
    [neutral] elle est neutre
   *[unlisted] votre CR ne la montre pas comme à vous
}. L'arbitre ignorera cet ordre.
order-check-fleet-not-yours-yet = F_{ $fleet } n'est pas à vous au début du tour { $turn } ({ $state ->
    [other] elle appartient à « { $owner } »
    [neutral] elle est neutre
   *[unlisted] votre CR ne la montre pas comme à vous
}) : le cadeau ne sera fait que si vous l'avez prise d'ici là.
order-check-fleet-not-here = F_{ $fleet } n'est pas sur M_{ $world } au début du tour{ $at ->
    [none] {""}
   *[other] {""} (elle est sur M_{ $at })
}.
order-check-fleet-same = F_{ $fleet } ne peut pas se viser elle-même.
order-check-class = Ordre réservé { $class ->
    [emperor] à l'empereur
    [pirate] au pirate
    [antiquarian] à l'antiquaire
    [missionary] au missionnaire
    [robotron] au robotron
    [explorer] à l'explorateur
   *[merchant] au marchand
} ; vous êtes { $yours ->
    [emperor] empereur
    [pirate] pirate
    [antiquarian] antiquaire
    [missionary] missionnaire
    [robotron] robotron
    [explorer] explorateur
   *[merchant] marchand
}.
order-check-class-unknown = Impossible de vérifier que vous êtes { $class ->
    [emperor] l'empereur
    [pirate] le pirate
    [antiquarian] l'antiquaire
    [missionary] le missionnaire
    [robotron] le robotron
    [explorer] l'explorateur
   *[merchant] le marchand
} : cet ordre lui est réservé, et votre classe est inconnue (le compte rendu ne la dit pas).
order-check-exclusive = { $subject } a déjà un ordre exclusif (ligne { $line }) : un seul tir, mouvement, attaque de robots, largage de bombe ou cadeau par tour. L'arbitre garde le premier.
order-check-up-budget = M_{ $world } { $have ->
    [0] n'a aucune industrie active
    [one] n'a que { $have } industrie active
   *[other] n'a que { $have } industries actives
} : { $count ->
    [one] l'ordre de la ligne { $line_list } demande
   *[other] les ordres des lignes { $line_list } demandent
} { $need } UP. L'arbitre réduit l'ordre qui dépasse et ignore les suivants.
order-check-clipped = { $subject } n'a que { $have } { $what ->
    [P] { $have ->
        [one] population
       *[other] populations
    }
    [N] { $have ->
        [one] non-converti
       *[other] non-convertis
    }
    [C] { $have ->
        [one] converti
       *[other] convertis
    }
    [R] { $have ->
        [one] robot
       *[other] robots
    }
   *[other] { $what }
} à ce moment du tour : l'ordre en demande { $asked }, il n'en utilisera que { $have }.
order-check-none-available = { $subject } n'a plus de { $what ->
    [P] populations
    [N] non-convertis
    [C] convertis
    [R] robots
   *[other] { $what }
} à ce moment du tour : cet ordre ne fera rien.
order-check-capacity = F_{ $fleet } ne peut plus prendre que { $free } (capacité { $capacity }) : l'ordre en demande { $asked }, le chargement sera limité.
order-check-transfer-cargo = Après ce transfert, F_{ $fleet } porte { $cargo } pour une capacité de { $capacity } : l'arbitre limitera le transfert.
order-check-probe-no-ship = Plus aucun { $what } sur { $subject } au début du tour pour sonder : le vaisseau sondeur doit être présent au début du tour.
order-check-not-adjacent = M_{ $to } n'est pas connecté à M_{ $from } (connexions : { $connections }).
order-check-adjacency-unknown = Impossible de vérifier que M_{ $to } est connecté à M_{ $from } : vous n'avez jamais vu les connexions de M_{ $from }.
order-check-black-hole = M_{ $world } est un trou noir : { $action ->
    [probe] le vaisseau sondeur sera perdu.
    [emigration] les émigrants seront perdus.
   *[move] la flotte y perdra de 0 à 100 % de ses vaisseaux et sera envoyée au hasard ailleurs.
}
order-check-route-too-long = Trajet de { $length } { $length ->
    [one] monde
   *[other] mondes
} : votre niveau de DEP ce tour-ci est { $dep }, une flotte ne traverse donc pas plus de { $dep } { $dep ->
    [one] monde
   *[other] mondes
}.
order-check-route-too-long-old = Trajet de { $length } { $length ->
    [one] monde
   *[other] mondes
} : votre niveau de DEP était { $shown } au tour { $turn } ({ $dep } avec la recherche de ces ordres) ; vérifiez votre niveau actuel.
order-check-route-starts-here = F_{ $fleet } est déjà sur M_{ $world } : le trajet commence par le premier monde où elle va.
order-check-move-empty = F_{ $fleet } n'aura aucun vaisseau au moment des déplacements : une flotte vide ne peut pas se déplacer.
order-check-fire-empty = { $subject } n'aura aucun vaisseau au moment des combats : rien ne tirera.
order-check-fire-no-protection = M_{ $world } n'a ni VI ni VP : ce tir sur les vaisseaux de protection ne touchera rien.
order-check-conditional-never = Ce tir conditionnel vise vos propres non-convertis de M_{ $world } : il ne se déclenchera jamais.
order-check-player-unknown = Vous ne connaissez pas de nom le joueur { $player } : déclarations et cadeaux ne visent que les joueurs de la rubrique « Vous connaissez de nom ».
order-check-player-unchecked = Impossible de vérifier que le joueur { $player } est connu de nom : le numéro de certains joueurs que vous connaissez est inconnu.
order-check-player-neutral = Le joueur 0 est le joueur neutre : on ne peut ni lui faire de déclaration ni de cadeau.
order-check-player-self = Cet ordre vous vise vous-même.
order-check-jihad-too-soon = Votre Jihad contre « { $player } » date du tour { $since } : vous ne pourrez le changer qu'au tour { $allowed } (ces ordres sont ceux du tour { $turn }).
order-check-jihad-same = Votre Jihad vise déjà « { $player } » : cet ordre ne change rien.
order-check-permission = { $state ->
    [other] « { $owner } » ne vous a pas déclaré { $declaration } : vous ne pouvez pas { $declaration ->
        [C] charger de MP
        [CP] charger de populations
       *[DP] débarquer de populations
    } sur M_{ $world }.
    [neutral] M_{ $world } est neutre et le joueur neutre ne déclare personne { $declaration } : vous ne pouvez pas { $declaration ->
        [C] charger de MP
        [CP] charger de populations
       *[DP] débarquer de populations
    } sur ce monde.
   *[unlisted] Il faut la déclaration { $declaration } du propriétaire de M_{ $world }.
}
order-check-permission-unknown = Impossible de vérifier que « { $owner } » vous a déclaré { $declaration } pour M_{ $world } : votre CR n'a pas de rubrique « Déclarations reçues ».
order-check-converts-not-yours = Seul un missionnaire charge ses propres convertis, et les convertis de M_{ $world } ne sont pas les vôtres.
order-check-overpopulation = M_{ $world } aurait { $total } { $total ->
    [one] population
   *[other] populations
} pour une limite de { $limit } : on ne peut dépasser la limite que de { $margin } (au plus { $ceiling }), le reste ne sera pas débarqué.
order-check-treasure-not-on-fleet = T_{ $treasure } n'est pas sur une de vos flottes au début du tour : on ne dépose que le trésor d'une flotte.
order-check-treasure-not-yours = T_{ $treasure } est sur F_{ $fleet }, qui n'est pas à vous.
order-check-treasure-not-here = T_{ $treasure } n'est pas sur M_{ $world }, où se trouve F_{ $fleet }.
order-check-treasure-world = T_{ $treasure } est sur M_{ $world }, { $state ->
    [other] qui appartient à « { $owner } »
    [neutral] qui est neutre
   *[unlisted] qui n'est pas à vous
} : il faut posséder le monde pour charger son trésor.
order-check-treasure-fleet-to-fleet = T_{ $treasure } est sur F_{ $fleet } : seul l'antiquaire passe un trésor de flotte à flotte ; déposez-le d'abord (T_{ $treasure } M).
order-check-bomb-none = F_{ $fleet } ne porte pas de bombe au début du tour (le CR montrerait F#{ $fleet }) : une bombe construite ce tour ne peut pas être larguée avant le tour suivant.
order-check-bomb-vc = F_{ $fleet } n'aura que { $have } VC pour construire la bombe : il en faut { $need }.
order-check-bomb-exact = F_{ $fleet } aura tout juste { $need } VC pour la bombe : la moindre perte au combat l'empêchera ; prévoyez-en au moins { $advised }.
order-check-bomb-already = F_{ $fleet } porte déjà une bombe (ou en construit une dans ces ordres) : une seule bombe par flotte.
order-check-robot-multiple = { $count } { $count ->
    [one] robot
   *[other] robots
} : ce nombre doit être un multiple de { $multiple }.
order-check-meva-full = { $slots ->
    [one] La seule MEVA possible de M_{ $world } est faite
   *[other] Les { $slots } MEVA possibles de M_{ $world } sont toutes faites
} : plus aucun VC ne peut y être sacrifié.
order-check-meva-clipped = M_{ $world } n'a plus que { $free } { $free ->
    [one] MEVA possible
   *[other] MEVA possibles
} sur { $slots } : l'ordre sacrifie { $asked } VC, il n'en sera sacrifié que { $free }.
order-check-tech-max = Votre { $tech } est déjà au niveau maximum ({ $level }) : ces UP seraient perdues.
order-check-pillage-recovery = M_{ $world } se remet d'un pillage (encore { $left } { $left ->
    [one] tour
   *[other] tours
}) : on ne peut le piller à nouveau que lorsqu'il lui reste au plus { $allowed } { $allowed ->
    [one] tour
   *[other] tours
} de récupération.
order-check-spy-category = Catégorie d'espionnage { $category } inconnue : les catégories vont de 1 à { $max }.
order-check-name-replaced = M_{ $world } est renommé plus loin (ligne { $line }) : seul le dernier nom compte.

## proposals: the orders the map's menus and the inspector's buttons propose
propose-group-build = Construire
propose-group-research = Recherche
propose-group-spies = Espions
propose-group-emigrate = Émigrer vers
propose-group-move = Déplacer vers
propose-group-probe = Sonder
propose-group-conditional-fire = Tir conditionnel (?)
propose-group-fire = Tirer sur
propose-group-cargo = Charger / décharger
propose-group-transfer = Transférer
propose-group-special = Bombe, MEVA, robots
propose-group-stance = Attitude
propose-group-gift = Donner à
propose-group-send-here = Envoyer une flotte ici
propose-build-industries = Industries
propose-build-vi = VI
propose-build-vp = VP
propose-build-pop-limit = Limite de population
propose-build-robots = Robots
propose-build-vc = VC sur F_{ $fleet }
propose-build-vt = VT sur F_{ $fleet }
propose-research = { $tech }
propose-spies = Espions de catégorie { $category }
propose-emigrate = Vers M_{ $world }
propose-probe-guard = Un { $guard } vers M_{ $world }
propose-fire-guard-fleet = Les { $guard } sur F_{ $fleet }
propose-fire-vp-non-converts = Les VP sur les non-convertis
propose-fire-vp-converts = Les VP sur les convertis
propose-guard-to-guard = Les { $from } en { $to }
propose-guard-to-fleet = Les { $from } vers F_{ $fleet }
propose-guard-to-vt = Les { $from } en VT sur F_{ $fleet }
propose-vi-to-industries = Les VI en industries
propose-robots-into = Des robots en { $what }
propose-robots-into-vc = Des robots en VC sur F_{ $fleet }
propose-pillage = Piller
propose-no-ambush = Pas d'embuscade ici ce tour
propose-gift = Au joueur { $player }
propose-move = M_{ $world }
propose-probe-fleet = Un VC vers M_{ $world }
propose-fire-fleet = F_{ $fleet }
propose-fire-protections = Les VI et VP de M_{ $world }
propose-fire-population = La population de M_{ $world }
propose-fire-industries = Les industries de M_{ $world }
propose-load = Charger { $what }
propose-unload = Décharger { $what }
propose-treasure-drop = Déposer T_{ $treasure }
propose-treasure-load = Prendre T_{ $treasure }
propose-vc-to-guard = Les VC en { $target }
propose-vc-to-fleet = Les VC vers F_{ $target }
propose-vt-to-fleet = Les VT vers F_{ $target }
propose-vc-to-vt = Les VC en VT
propose-vc-to-vt-fleet = Les VC en VT sur F_{ $target }
propose-bomb-build = Construire une bombe ({ $need } VC)
propose-bomb-drop = Larguer la bombe
propose-meva-population = Une MEVA pour la population
propose-meva-mining = Une MEVA pour la capacité minière
propose-robot-attack = Attaque de robots
propose-peace = En paix
propose-war = En guerre
propose-send-fleet = F_{ $fleet } (sur M_{ $world }{ $steps ->
    [0] {""}
    [one] , 1 saut
   *[other] , { $steps } sauts
})
propose-no-industry = M_{ $world } n'a aucune industrie active, il ne peut rien produire ce tour.
propose-no-up-left = Le brouillon dépense déjà { $have ->
    [one] la seule UP
   *[other] les { $have } UP
} de M_{ $world } : il ne reste rien à produire.
propose-up-short = Il ne reste que { $left } UP à M_{ $world } après le brouillon ; il en faut { $cost }.
propose-not-enough = { $subject } { $have ->
    [0] n'a aucun { $what }
   *[other] n'a que { $have } { $what }
} : il en faut { $need }.
propose-route-no-position = On ne sait pas où est F_{ $fleet } au début du tour.
propose-route-here = F_{ $fleet } est déjà sur M_{ $world }.
propose-route-none = Aucune route connue de M_{ $from } à M_{ $world } : on ne connaît les connexions d'un monde que quand un CR les a montrées.
propose-route-too-far = M_{ $world } est à { $steps ->
    [one] { $steps } saut
   *[other] { $steps } sauts
} de F_{ $fleet } : votre DEP de { $dep } ne permet que { $dep ->
    [one] 1 saut
   *[other] { $dep } sauts
} par tour.

## bounded: order lines far too long
order-line-too-long = Ligne bien trop longue pour être un ordre : elle n'est pas lue.

## The order language's reference (Aide ▸ Langage des ordres)

order-who-anyone = tout joueur
order-who-world-owner = le propriétaire du monde
order-who-fleet-owner = le propriétaire de la flotte
order-who-carrier-owner = le propriétaire de la flotte qui porte le trésor
order-who-world-and-fleet-owner = le propriétaire du monde et de la flotte (l'antiquaire peut aussi passer un trésor d'une de ses flottes à une autre, et tout joueur en donner un à la flotte d'un antiquaire)
order-who-pillage-right = le propriétaire du monde, ou celui du début du tour si le nouveau l'a déclaré pilleur (PI)
order-who-class-only = { $who }, s'il est { $class } (réservé à cette classe)
order-family-declarations = Nom et déclarations
order-family-probes = Sondes
order-family-emigration = Émigration
order-family-construction = Constructions, recherche et espions
order-family-unloading = Déchargements
order-family-treasures = Trésors
order-family-transfers = Transferts de vaisseaux
order-family-loading = Chargements
order-family-meva = MEVA (explorateur)
order-family-fire = Tirs et tirs conditionnels
order-family-movement = Mouvements et attaques spéciales
order-family-pillage-gifts = Pillage et cadeaux
