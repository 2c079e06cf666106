# nbt messages (fr) — le fichier compagnon .NBT (src/nbt) et la connaissance sur plusieurs tours (src/model/knowledge.rs)

nbt-syntax = fichier .NBT mal formé (RON) : { $detail }
nbt-future-version = ce fichier .NBT a été écrit par un Nébutil NG plus récent (format version { $version }) ; cette version lit jusqu'à la version { $max } — mettez Nébutil NG à jour
nbt-bad-version = version de format 0 invalide dans le fichier .NBT
nbt-coords-out-of-range = coordonnées [{ $x },{ $y }] du monde M_{ $world } hors de la galaxie ({ $width }×{ $height })
nbt-game-mismatch = le .NBT est celui de la partie « { $nbt } », le compte rendu celui de « { $cr } » : .NBT ignoré
nbt-player-mismatch = le .NBT est celui du joueur { $nbt }, le compte rendu celui de { $cr } : .NBT ignoré
nbt-turn-mismatch = le .NBT est celui du tour { $nbt }, le compte rendu celui du tour { $cr } : seules les données permanentes (coordonnées, numéros de joueurs) sont prises
nbt-class-mismatch = le .NBT donne la classe { $nbt }, le compte rendu { $cr } : le compte rendu prévaut
nbt-galaxy-size-mismatch = le .NBT donne une galaxie de { $nbt }, le compte rendu { $cr } : le compte rendu prévaut
nbt-coords-mismatch = M_{ $world } : le .NBT donne les coordonnées { $nbt }, le compte rendu { $cr } : le compte rendu prévaut
nbt-known-player-mismatch = « { $name } » : numéro { $nbt } dans le .NBT, { $cr } dans le compte rendu : le compte rendu prévaut
nbt-tech-mismatch = { $tech } : niveau { $nbt } dans le .NBT, { $cr } dans le compte rendu : le compte rendu prévaut

knowledge-no-turn = ce compte rendu n'indique pas son numéro de tour : il ne peut pas être rangé parmi les autres tours
knowledge-other-game = le tour { $turn } est celui de la partie « { $game } », pas de « { $expected } » : ignoré
knowledge-other-player = le tour { $turn } est le compte rendu de « { $player } », pas de « { $expected } » : ignoré
