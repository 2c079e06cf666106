# orders messages (fr)
# The order syntax (M_m, F_f, VC, BOMBE …) is never translated.

## Diagnostics of the order parser

order-unknown = Ordre inconnu : « { $found } ». Un ordre commence par { $expected }.
order-unknown-suggest = Ordre inconnu : « { $found } ». Vouliez-vous écrire « { $suggestion } » ?
order-unexpected = « { $found } » inattendu ici ; attendu : { $expected }.
order-unexpected-suggest = « { $found } » inattendu ici ; vouliez-vous écrire « { $suggestion } » ? (attendu : { $expected })
order-incomplete = Ordre incomplet : la suite attendue est { $expected }.
order-trailing = Texte en trop après un ordre complet : « { $text } ».
order-zero-quantity = Une quantité ne peut pas être 0 : écrivez une quantité d'au moins 1 (ou omettez-la quand l'ordre le permet).
order-number-too-large = Nombre trop grand : { $number }.
order-unterminated-quote = Guillemet non refermé : le texte doit se terminer par « " » sur la même ligne.
order-name-forbidden-char = Le nom d'un monde ne peut contenir ni « " » ni « @ ».
order-player-unquoted = Un joueur se désigne par son numéro, ou par son nom exact entre guillemets : « "{ $name }" ».
order-md-notation = La notation Md du compte rendu ne doit pas être reproduite dans les ordres : écrivez « { $fix } ».
order-hash-notation = La marque # du compte rendu (bombe) ne s'écrit pas dans les ordres : écrivez « { $fix } ».
order-parentheses = Les parenthèses de la liste des ordres signalent une partie facultative et ne s'écrivent pas : écrivez « { $fix } ».
order-route-mixed = Les deux syntaxes de déplacement sont mélangées : écrivez « { $fix } ».
order-trailing-period = Point final ignoré après l'ordre.

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
order-mail-bad-subject = Sujet incomplet : { $command } PARTIE J MotDePasse.
order-mail-bad-player = Numéro de joueur attendu dans le sujet, pas « { $text } ».
order-mail-ack-unquoted = Le message de l'accusé de réception s'écrit entre guillemets.
order-mail-no-recipients = Destinataires attendus entre < et >, séparés par des virgules (numéros, pseudos ou All).
order-mail-subject-extra = Texte en trop dans le sujet : « { $text } ».
order-mail-config-unknown = Commande de configuration inconnue : « { $text } » (PASSWORD, MSGGEN, COPIE, RUMEUR, EMAIL, ADDEMAIL).
order-mail-config-yes-no = { $command } attend Y ou N.
order-mail-config-value = { $command } attend une valeur sans espace.
order-mail-email-not-alone = Avec EMAIL ou ADDEMAIL, le mail ne peut contenir qu'une seule commande.
order-mail-info-unknown = Demande d'information inconnue : « { $text } » (NBORDRES, ORDRES, CR).
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
order-explain-build-p = Le monde { $world } augmente de { $count } sa limite de population
order-explain-build-r = Le monde { $world } construit { $count } { $count ->
    [one] robot
   *[other] robots
}
order-explain-robots-to-i = { $count } robots du monde { $world } se transforment en { $result } { $result ->
    [one] industrie
   *[other] industries
}
order-explain-robots-to-vc = { $count } robots du monde { $world } se transforment en { $result } VC sur la flotte { $fleet }
order-explain-robots-to-vi = { $count } robots du monde { $world } se transforment en { $result } VI
order-explain-robots-to-vp = { $count } robots du monde { $world } se transforment en { $result } VP
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
order-explain-robot-attack = La flotte { $fleet } transforme { $vc } VC en { $count } robots largués sur son monde (attaque de robots)
order-explain-pillage = Le monde { $world } est pillé
order-explain-give-fleet = La flotte { $fleet } est offerte en cadeau au joueur { $player }
order-explain-give-world = Le monde { $world } est offert en cadeau au joueur { $player }
