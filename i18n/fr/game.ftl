# game messages (fr)
game-gen-no-players = Il faut au moins un joueur pour créer une galaxie
game-gen-player-name = Nom de joueur « { $name } » invalide : il faut de 1 à { $max } caractères, sans guillemet, sans espace au début ni à la fin, sans « ! » final
game-gen-duplicate-name = Deux joueurs portent le nom « { $name } »
game-gen-connections = Les règles demandent de { $min } à { $max } connexions par monde ; il en faut au moins 1, et un maximum d'au moins 2
game-gen-worlds = { $worlds } mondes : il en faut entre { $min } et { $max } pour ce nombre de joueurs
game-gen-too-many-worlds = { $worlds } mondes : le générateur fait des galaxies d’au plus { $max } mondes
game-gen-torus = Tore de { $width } × { $height } trop petit ou trop grand pour { $worlds } mondes (au moins deux cases par monde, côté au plus { $max })
game-gen-black-holes = { $count } trous noirs : au plus { $max } (un monde sur dix)
game-gen-neutral-fleets = { $count } flottes neutres : au plus { $max } (une par monde)
game-gen-treasures = { $count } trésors : au plus { $max }
game-gen-final-turn = Tour final { $turn } hors des limites des règles ({ $min } à { $max })
game-gen-no-room = Impossible de placer { $players } mondes de départ non connectés entre eux parmi { $worlds } mondes
game-save-syntax = Sauvegarde illisible, ligne { $line } colonne { $column } : { $error }
game-save-future-version = Sauvegarde au format { $found }, écrite par un Nébutil plus récent : ce programme lit les formats 1 à { $supported }
game-save-bad-version = Version de format { $found } inconnue (formats 1 à { $supported })
game-save-rules = Règles de la sauvegarde invalides : { $error }
game-arbiter-game-over = la partie est finie (tour final { $turn } atteint) : plus aucun tour à résoudre
game-arbiter-log-title = Journal de l'arbitre — partie { $game } — tour { $turn } → { $next }
game-arbiter-log-onr = Joueurs sans ordres (ONR) :
game-arbiter-log-unreadable = Lignes d'ordres illisibles (ignorées, le reste est exécuté) :
game-arbiter-log-voided = Ordres annulés à l'exécution :
game-arbiter-log-points = Scores :
game-arbiter-log-final = Classement final :
game-arbiter-log-none = aucun

## exact: counts kept exact, saves checked on load
game-gen-start-fleets = { $count } flottes de départ par joueur : au plus { $max } (une par monde)
game-save-key-mismatch = Sauvegarde incohérente : { $entity } est rangé sous un autre numéro que son champ « { $field } » ({ $value })
game-save-no-world = Sauvegarde incohérente : { $entity }, champ « { $field } » : le monde M_{ $value } n'existe pas
game-save-no-player = Sauvegarde incohérente : { $entity }, champ « { $field } » : le joueur { $value } n'existe pas
game-save-no-fleet = Sauvegarde incohérente : { $entity }, champ « { $field } » : la flotte F_{ $value } n'existe pas
game-save-one-way-connection = Sauvegarde incohérente : { $entity }, champ « { $field } » : M_{ $value } n'a pas la connexion en retour
game-save-self-connection = Sauvegarde incohérente : { $entity }, champ « { $field } » : un monde ne peut être connecté à lui-même ({ $value })
game-save-out-of-range = Sauvegarde incohérente : { $entity }, champ « { $field } » : { $value } est hors des valeurs possibles
