# resolve messages (fr)
resolve-void-class = ordre réservé à une autre classe de personnage
resolve-void-exclusive = second ordre exclusif pour la même flotte ou le même groupe de vaisseaux : seul le premier est exécuté
# étapes 14–15c (combats, déplacements, bombes, conversion, captures)
resolve-void-fire-no-ships = la flotte { $fleet } n'a aucun vaisseau pour tirer
resolve-void-fire-no-guards = le monde { $world } n'a pas de vaisseaux de ce groupe (VI ou VP) pour tirer
resolve-void-fire-target-absent = la flotte { $fleet } n'est pas sur le monde du tireur au début des combats
resolve-void-move-no-ships = la flotte { $fleet } n'a aucun vaisseau : elle ne peut pas se déplacer
resolve-void-move-too-far = le trajet de la flotte { $fleet } compte { $length } mondes, plus que votre DEplacement ({ $dep })
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
