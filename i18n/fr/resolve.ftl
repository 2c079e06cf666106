# resolve messages (fr)
resolve-void-class = ordre réservé à une autre classe de personnage
resolve-void-exclusive = second ordre exclusif pour la même flotte ou le même groupe de vaisseaux : seul le premier est exécuté
# étapes 8–13, 16–17 (déchargements, transferts, trésors, MEVA, chargements, pillage, piratage, cadeaux)
resolve-void-fleet-not-owned = la flotte { $fleet } ne vous appartient pas au moment de cet ordre
resolve-void-world-not-owned = le monde { $world } ne vous appartient pas au moment de cet ordre
resolve-void-unload-nothing = la flotte { $fleet } ne transporte aucun { $goods } à décharger
resolve-void-treasure-not-on-fleet = le trésor { $treasure } n'est pas sur une flotte
resolve-void-treasure-not-owned = le trésor { $treasure } ne vous appartient pas (il n'est ni sur votre monde ni sur votre flotte)
resolve-void-treasure-not-here = le trésor { $treasure } n'est pas sur le monde de la flotte { $fleet }
resolve-void-treasure-rights = le trésor { $treasure } ne peut aller sur la flotte { $fleet } que si elle est à vous ou à un antiquaire (ou si vous êtes antiquaire, de flotte à flotte)
resolve-void-transfer-target = la flotte { $fleet } n'est pas sur le monde { $world } (ou c'est la flotte qui transfère)
resolve-void-transfer-nothing = plus aucun vaisseau à transférer (déjà transférés, ou nécessaires pour porter la cargaison)
resolve-void-meva-no-vc = la flotte { $fleet } n'a plus de VC à sacrifier
resolve-void-meva-full = le monde { $world } n'a plus de MEVA possible
resolve-void-load-rights = vous ne pouvez pas charger cela sur le monde { $world } (son propriétaire ne vous a pas déclaré { $declaration } ; seul un missionnaire charge ses convertis)
resolve-void-load-nothing = rien à charger sur le monde { $world }, ou plus de place sur la flotte { $fleet }
resolve-void-pillage-rights = le monde { $world } n'est pas à vous et son nouveau propriétaire ne vous a pas déclaré pilleur (PI)
resolve-void-pillage-recovery = le monde { $world } ne s'est pas remis de son dernier pillage (encore { $left ->
    [one] { $left } tour
   *[other] { $left } tours
})
resolve-void-gift-player = le joueur { $player } ne peut pas recevoir de cadeau (inconnu, ou joueur neutre)
resolve-void-gift-self = un cadeau à soi-même ne change rien
resolve-points-merchant-mp = MP déchargées sur des mondes industrialisés
resolve-points-pc-deconverting = PC ayant déconverti
resolve-points-pc-not-deconverting = PC n'ayant pas déconverti
resolve-points-meva = MEVA
resolve-points-pillage = pillage
resolve-points-pillage-penalty = pillage par un non-pirate
# étapes 14–15c (combats, déplacements, bombes, conversion, captures)
resolve-void-fire-no-ships = la flotte { $fleet } n'a aucun vaisseau pour tirer
resolve-void-fire-no-guards = le monde { $world } n'a pas de vaisseaux de ce groupe (VI ou VP) pour tirer
resolve-void-fire-target-absent = la flotte { $fleet } n'est pas sur le monde du tireur au début des combats
resolve-void-move-no-ships = la flotte { $fleet } n'a aucun vaisseau : elle ne peut pas se déplacer
resolve-void-move-too-far = le trajet de la flotte { $fleet } compte { $length ->
    [one] { $length } monde
   *[other] { $length } mondes
}, plus que votre DEplacement ({ $dep })
resolve-void-move-route = trajet impossible pour la flotte { $fleet } : le monde { $from } n'est pas relié au monde { $to }
resolve-void-bomb-none = la flotte { $fleet } ne transporte pas de bombe
resolve-void-bomb-already = la flotte { $fleet } transporte déjà une bombe
resolve-void-bomb-vc = la flotte { $fleet } n'a plus { $vc } VC après les combats pour construire la bombe
resolve-void-robots-no-vc = la flotte { $fleet } n'a pas de VC à transformer en robots
resolve-points-robotron-destroyed = populations, industries et vaisseaux détruits
resolve-points-jihad = destructions chez l'ennemi du Jihad
resolve-points-missionary-destroyed = destructions hors Jihad
resolve-points-population-destroyed = populations détruites
resolve-points-martyrs = martyrs
resolve-points-bomb = bombe larguée
resolve-points-bomb-penalty = bombe larguée par un non-robotron
resolve-void-peace-owner = la flotte { $fleet } ne vous appartient pas : elle ne change pas d'état
resolve-void-no-ambush-world = le monde { $world } n'existe pas
resolve-void-declaration-player = déclaration ignorée : le joueur { $player } n'existe pas, est neutre ou ne vous est pas connu de nom
resolve-void-declaration-self = on ne se fait pas de déclaration à soi-même
resolve-void-jihad-delay = le Jihad ne peut changer de cible avant le tour { $turn }
resolve-void-probe-owner = { $what } ne vous appartient pas : pas de sondage
resolve-void-probe-ship = aucun { $ship } pour sonder
resolve-void-probe-target = le monde { $world } n'est pas connecté au monde { $from }
resolve-void-build-owner = le monde { $world } ne vous appartient pas : rien n'y est produit
resolve-void-build-fleet = la flotte { $fleet } n'est pas en orbite du monde { $world } depuis le début du tour
resolve-void-build-up = le monde { $world } n'a plus assez d'UP ({ $needed ->
    [one] { $needed } demandée
   *[other] { $needed } demandées
}, { $available ->
    [one] { $available } disponible
   *[other] { $available } disponibles
})
resolve-void-build-spy-category = catégorie d'espions inconnue (1 à { $max })
resolve-void-robots-count = il faut { $per ->
    [one] { $per } robot
   *[other] { $per } robots
} par unité produite
resolve-void-robots-none = pas assez de robots sur le monde ({ $available ->
    [one] { $available } unité possible
   *[other] { $available } unités possibles
})
resolve-void-robots-excess = pas assez de robots : { $asked ->
    [one] { $asked } unité demandée
   *[other] { $asked } unités demandées
}, { $available ->
    [one] { $available } possible
   *[other] { $available } possibles
}
resolve-void-vi-industries-none = pas assez de VI pour une industrie
resolve-void-vi-industries-excess = pas assez de VI : { $asked ->
    [one] { $asked } industrie demandée
   *[other] { $asked } industries demandées
}, { $available ->
    [one] { $available } possible
   *[other] { $available } possibles
}
resolve-void-emigration-owner = le monde { $world } ne vous appartient pas : pas d'émigration
resolve-void-emigration-target = le monde { $target } n'est pas connecté au monde { $world }
resolve-void-emigration-people = aucune population de ce type à émigrer
resolve-void-emigration-excess = { $asked ->
    [one] { $asked } émigrant demandé
   *[other] { $asked } émigrants demandés
}, { $available ->
    [one] { $available } présent
   *[other] { $available } présents
}
resolve-void-emigration-room = le monde { $target } est plein (limite de population dépassée de plus de 10)
resolve-void-emigration-up = le monde { $world } n'a plus assez d'UP pour émigrer ({ $needed ->
    [one] { $needed } demandée
   *[other] { $needed } demandées
}, { $available ->
    [one] { $available } disponible
   *[other] { $available } disponibles
})
resolve-void-unload-people-owner = la flotte { $fleet } ne vous appartient pas : pas de déchargement
resolve-void-unload-people-permission = vous ne pouvez pas décharger de population sur le monde { $world } (ni propriétaire, ni déclaré déchargeur, monde peuplé)
resolve-void-unload-people-cargo = la flotte ne transporte pas cette population
resolve-void-unload-people-excess = { $asked ->
    [one] { $asked } demandé
   *[other] { $asked } demandés
}, { $available ->
    [one] { $available } transporté
   *[other] { $available } transportés
}
resolve-void-unload-people-room = le monde { $world } est plein (limite de population dépassée de plus de 10)
# prévisualisation : hypothèses d'une galaxie partielle (resolve::partial)
resolve-assumed-known-tech = niveaux de { $player } connus par les CR (tour { $turn }) : { $levels }
resolve-assumed-foreign-tech = niveaux de { $player } pris pour le calcul : { $levels }
resolve-assumed-foreign-class = classe de { $player } supposée : { $class }
resolve-assumed-synthetic-number = { $player } : numéro inconnu, numéro { $number } pris pour le calcul (jamais montré)
resolve-assumed-hidden-split = F_{ $fleet } [?]={ $total }? : supposée { $vc } VC et { $vt } VT
resolve-assumed-hidden-cargo = F_{ $fleet } : cargaison cachée supposée { $mp } MP
resolve-assumed-stale-world = M_{ $world } n'est pas décrit ce tour : état vu au tour { $turn }
resolve-assumed-stale-world-empty = M_{ $world } n'est pas décrit ce tour : supposé vide et neutre
resolve-assumed-elided-world = M_{ $world } : { $count ->
    [one] { $count } valeur élidée complétée
   *[other] { $count } valeurs élidées complétées
} (dernière valeur vue, sinon 0)
resolve-assumed-unknown-owner = M_{ $world } : propriétaire inconnu, supposé neutre
resolve-assumed-named-only = { $count ->
    [one] { $count } monde seulement nommé dans des connexions, supposé vide et neutre
   *[other] { $count } mondes seulement nommés dans des connexions, supposés vides et neutres
} : { $worlds }
resolve-assumed-reverse-links = { $count ->
    [one] { $count } connexion supposée
   *[other] { $count } connexions supposées
} dans les deux sens
resolve-assumed-unknown-coords = { $count ->
    [one] { $count } monde
   *[other] { $count } mondes
} de position inconnue (jamais affichée)
resolve-assumed-galaxy-size = taille de la galaxie inconnue, supposée { $width } × { $height }
resolve-assumed-final-turn = dernier tour supposé : { $turn }
resolve-assumed-final-turn-unknown = dernier tour inconnu : supposé plus tard que le prochain tour
resolve-assumed-treasure-left-out = T_{ $treasure } laissé de côté (nom inconnu ou lieu inconnu)
resolve-assumed-fleet-left-out = F_{ $fleet } laissée de côté (listée sous aucun monde)
resolve-assumed-own-tech = vos niveaux technologiques ne sont pas sur le CR : niveaux de départ supposés
resolve-void-probe-cargo = le VC de la flotte { $fleet } ne peut pas sonder : les autres vaisseaux ne pourraient pas porter sa cargaison
resolve-void-excess = { $asked ->
    [one] { $asked } demandé
   *[other] { $asked } demandés
}, seulement { $available ->
    [one] { $available } disponible
   *[other] { $available } disponibles
} : l'ordre est annulé (règle de l'arbitre pour les quantités excessives)
resolve-void-gift-capacity = F_{ $fleet } n'est pas offerte : les VT de son destinataire (niveau CAR plus bas) ne pourraient pas porter sa cargaison
