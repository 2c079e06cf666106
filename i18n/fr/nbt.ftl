# nbt messages (fr) — le fichier compagnon .NBT (src/nbt) et la connaissance sur plusieurs tours (src/model/knowledge.rs)

nbt-syntax = Le fichier .NBT est mal formé à la ligne { $line }, colonne { $column } : Nébutil NG ne peut pas le lire et l'ignore. Détail technique (en anglais) : { $detail }
nbt-future-version = Ce fichier .NBT a été écrit par un Nébutil NG plus récent (format version { $version }) ; cette version lit jusqu'à la version { $max } : mettez Nébutil NG à jour.
nbt-bad-version = Le fichier .NBT indique la version de format 0, qui n'existe pas : il est ignoré.
nbt-coords-out-of-range = Les coordonnées [{ $x },{ $y }] du monde M_{ $world } sont hors de la galaxie ({ $width }×{ $height }).
nbt-game-mismatch = Ce .NBT est celui de la partie « { $nbt } », le compte rendu celui de « { $cr } » : le .NBT est ignoré.
nbt-player-mismatch = Ce .NBT est celui du joueur { $nbt }, le compte rendu celui de { $cr } : le .NBT est ignoré.
nbt-turn-mismatch = Ce .NBT est celui du tour { $nbt }, le compte rendu celui du tour { $cr } : seules les données durables (coordonnées, numéros des joueurs) en sont reprises.
nbt-class-mismatch = Le .NBT vous dit { $nbt ->
    [emperor] empereur
    [pirate] pirate
    [antiquarian] antiquaire
    [missionary] missionnaire
    [robotron] robotron
    [explorer] explorateur
   *[merchant] marchand
}, le compte rendu { $cr ->
    [emperor] empereur
    [pirate] pirate
    [antiquarian] antiquaire
    [missionary] missionnaire
    [robotron] robotron
    [explorer] explorateur
   *[merchant] marchand
} : le compte rendu l'emporte.
nbt-galaxy-size-mismatch = Le .NBT donne une galaxie de { $nbt }, le compte rendu de { $cr } : le compte rendu l'emporte.
nbt-coords-mismatch = M_{ $world } : le .NBT donne les coordonnées { $nbt }, le compte rendu { $cr } : le compte rendu l'emporte.
nbt-known-player-mismatch = « { $name } » a le numéro { $nbt } dans le .NBT et { $cr } dans le compte rendu : le compte rendu l'emporte.
nbt-tech-mismatch = { $tech } : niveau { $nbt } dans le .NBT, { $cr } dans le compte rendu : le compte rendu l'emporte.

knowledge-no-turn = ce compte rendu n'indique pas son numéro de tour : il ne peut pas être rangé parmi les autres tours
knowledge-other-game = le tour { $turn } est celui de la partie « { $game } », pas de « { $expected } » : ignoré
knowledge-other-player = le tour { $turn } est le compte rendu de « { $player } », pas de « { $expected } » : ignoré
knowledge-ally-no-player = le compte rendu d'allié du tour { $turn } ne dit pas de quel joueur il est : ajoutez-le avec son en-tête
knowledge-ally-is-self = ce compte rendu est celui de « { $player } », le vôtre : ouvrez-le comme un de vos tours, pas comme celui d'un allié
knowledge-too-many-allies = le nombre d'alliés est limité à { $max } : ce compte rendu n'est pas ajouté

## bounded: duplicate keys
nbt-duplicate-key = L'entrée { $key } est déjà donnée plus haut dans ce fichier .NBT : cette ligne est ignorée, la première est gardée.
