# resolve messages (fr)
resolve-void-class = ordre réservé à une autre classe de personnage
resolve-void-exclusive = second ordre exclusif pour la même flotte ou le même groupe de vaisseaux : seul le premier est exécuté
