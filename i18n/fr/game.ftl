# game messages (fr)
game-gen-no-players = Il faut au moins un joueur pour créer une galaxie
game-gen-player-name = Nom de joueur « { $name } » invalide : il faut de 1 à { $max ->
    [one] { $max } caractère
   *[other] { $max } caractères
}, sans guillemet, sans espace au début ni à la fin, sans « ! » final
game-gen-duplicate-name = Deux joueurs portent le nom « { $name } »
game-gen-connections = Les règles demandent de { $min } à { $max ->
    [one] { $max } connexion
   *[other] { $max } connexions
} par monde ; il en faut au moins 1, et un maximum d'au moins 2
game-gen-worlds = { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
} : il en faut entre { $min } et { $max } pour ce nombre de joueurs
game-gen-too-many-worlds = { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
} : le générateur fait des galaxies d’au plus { $max ->
    [one] { $max } monde
   *[other] { $max } mondes
}
game-gen-torus = Tore de { $width } × { $height } trop petit ou trop grand pour { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
} (au moins deux cases par monde, côté au plus { $max })
game-gen-black-holes = { $count ->
    [one] { $count } trou noir
   *[other] { $count } trous noirs
} : au plus { $max } (un monde sur dix)
game-gen-neutral-fleets = { $count ->
    [one] { $count } flotte neutre
   *[other] { $count } flottes neutres
} : au plus { $max } (une par monde)
game-gen-treasures = { $count ->
    [one] { $count } trésor
   *[other] { $count } trésors
} : au plus { $max }
game-gen-final-turn = Tour final { $turn } hors des limites des règles ({ $min } à { $max })
game-gen-no-room = Impossible de placer { $players ->
    [one] { $players } monde de départ
   *[other] { $players } mondes de départ non connectés entre eux
} parmi { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
}
game-save-syntax = Sauvegarde illisible, ligne { $line } colonne { $column } : { $error }
game-save-future-version = Sauvegarde au format { $found }, écrite par un Nébutil plus récent : ce programme lit les formats 1 à { $supported }
game-save-bad-version = Version de format { $found } inconnue (formats 1 à { $supported })
game-save-rules = Règles de la sauvegarde invalides : { $error }
game-arbiter-game-over = la partie est finie (tour final { $turn } atteint) : plus aucun tour à résoudre
game-arbiter-log-title = Journal de l'arbitre — partie { $game } — tour { $turn } → { $next }
game-arbiter-log-title-unnamed = Journal de l'arbitre — tour { $turn } → { $next }
game-arbiter-log-onr = Joueurs sans ordres (ONR) :
game-arbiter-log-unreadable = Lignes d'ordres illisibles (ignorées, le reste est exécuté) :
game-arbiter-log-voided = Ordres annulés à l'exécution :
game-arbiter-log-points = Scores :
game-arbiter-log-final = Classement final :
game-arbiter-log-none = aucun

## exact: counts kept exact, saves checked on load
game-gen-start-fleets = { $count ->
    [one] { $count } flotte de départ
   *[other] { $count } flottes de départ
} par joueur : au plus { $max } (une par monde)
game-save-key-mismatch = Sauvegarde incohérente : { $entity } est rangé sous un autre numéro que son champ « { $field } » ({ $value })
game-save-no-world = Sauvegarde incohérente : { $entity }, champ « { $field } » : le monde M_{ $value } n'existe pas
game-save-no-player = Sauvegarde incohérente : { $entity }, champ « { $field } » : le joueur { $value } n'existe pas
game-save-no-fleet = Sauvegarde incohérente : { $entity }, champ « { $field } » : la flotte F_{ $value } n'existe pas
game-save-one-way-connection = Sauvegarde incohérente : { $entity }, champ « { $field } » : M_{ $value } n'a pas la connexion en retour
game-save-self-connection = Sauvegarde incohérente : { $entity }, champ « { $field } » : un monde ne peut être connecté à lui-même ({ $value })
game-save-out-of-range = Sauvegarde incohérente : { $entity }, champ « { $field } » : { $value } est hors des valeurs possibles
desk-not-a-folder = { $path } est un fichier : donnez le dossier de la partie (celui qui contient game.ron).
desk-no-save = { $dir } n'est pas un dossier de partie : il n'a pas de game.ron.
desk-out-of-date = La partie a changé depuis que ce tour a été résolu (un tour terminé après un arrêt, ou résolu par un autre programme) : rien n'est écrit. Rouvrez la partie et résolvez à nouveau.
desk-nothing-to-undo = La partie est à son premier tour : il n'y a aucun tour à annuler.
desk-no-kept-save = { $file } manque : sans la sauvegarde d'avant le tour, il ne peut pas être annulé.
registration-unknown-line = Ligne illisible dans les inscriptions : « { $text } » (attendu : « Étiquette : valeur »).
registration-unknown-label = Étiquette inconnue : « { $text } » (Adresse, 1er choix, 2e choix, 3e choix, Classe, Pseudonyme, Tour final).
registration-no-address = « Adresse : » sans adresse.
registration-before-address = Cette ligne vient avant toute ligne « Adresse : » : chaque formulaire commence par l'adresse du joueur.
registration-choice-order = Choix { $number } inattendu : le choix suivant de ce formulaire est le { $expected } (trois au plus).
registration-bad-class = Classe inconnue : « { $text } » (Empereur, Pirate, Antiquaire, Missionnaire, Robotron, Marchand, Explorateur).
registration-no-pseudonym = « Pseudonyme : » sans pseudonyme.
registration-bad-turn = Tour final illisible : « { $text } » (un nombre).
registration-no-choice = Le formulaire de { $player } n'a aucun choix.
registration-incomplete-choice = Un choix du formulaire de { $player } n'a pas de classe ou de pseudonyme valide.
registration-no-free-choice = Aucun choix libre pour { $player } : ses pseudonymes sont tous pris par les joueurs inscrits avant lui. Réglez-le avec lui (un autre pseudonyme), puis relancez.
registration-file-errors = Les inscriptions ont des erreurs : rien n'est créé.
registration-bad-address = « { $address } » n'est pas une adresse de courrier (nom@domaine).
