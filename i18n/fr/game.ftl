# game messages (fr)
game-gen-no-players = Il faut au moins un joueur pour créer une galaxie
game-gen-player-name = Nom de joueur « { $name } » invalide : il faut de 1 à { $max } caractères, sans guillemet, sans espace au début ni à la fin
game-gen-duplicate-name = Deux joueurs portent le nom « { $name } »
game-gen-connections = Les règles demandent de { $min } à { $max } connexions par monde ; il en faut au moins 1, et un maximum d'au moins 2
game-gen-worlds = { $worlds } mondes : il en faut entre { $min } et { $max } pour ce nombre de joueurs
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
