# report messages (fr)

## Lecteur de compte rendu (report::read). Codes `cr-…`.

cr-syntax = Caractère inattendu « { $found } » : Nébutil NG ne sait pas lire cette ligne du compte rendu et l'ignore.
cr-unexpected-end = La ligne s'arrête avant la fin de ce qu'elle décrit : elle est ignorée.
cr-number-too-large = Nombre trop grand pour un compte rendu : la ligne est ignorée.
cr-unknown-line = Ligne inconnue dans un compte rendu : elle est ignorée.
cr-unknown-indented-line = Ligne en retrait inconnue, prise pour une annotation du monde décrit au-dessus : elle est ignorée.
cr-continuation-without-world = Suite de la description d'un monde sans la ligne de ce monde au-dessus : la ligne est ignorée.
cr-name-without-world = « Nom » ou « Corrompu par » sans ligne de monde au-dessus : la ligne est ignorée.
cr-unknown-declaration = Déclaration inconnue (les déclarations sont A, C, CP, DP, PI et J) : la ligne est ignorée.
cr-unknown-class = Classe de personnage inconnue (les classes sont Empereur, Pirate, Antiquaire, Missionnaire, Robotron, Explorateur et Marchand) : la classe reste inconnue.
cr-markdown-bold = Marque de gras « ** » (d'un mail mis en forme) ignorée.
cr-ships-block-repaired = Bloc de vaisseaux mal formé (crochet ou « = » mal placé) : lu comme « []= » suivi du nombre de vaisseaux.
cr-unclosed-quote = Guillemet fermant manquant : il est ajouté avant la suite de la ligne.
cr-owner-spacing = Espace avant « : » dans le bloc du propriétaire : ignorée.
cr-trailing-punctuation = Point final ignoré.
cr-world-incomplete = Monde sans liste de connexions : lu comme une simple mention de ce monde.
cr-fleet-incomplete = Flotte sans propriétaire ni vaisseaux : lue comme une simple mention de cette flotte.
cr-unclosed-treasure = « > » fermant manquant après le nom du trésor : le nom va jusqu'à la fin de la ligne.
cr-unclosed-trace = « { "}" } » fermant manquant après la trace : la trace est lue comme si elle était fermée.
cr-several-converts = Plusieurs groupes de convertis sur un même monde : seul le premier est gardé.
cr-duplicate-world = Ce monde est déjà décrit plus haut dans le compte rendu : cette ligne est ignorée.
cr-orphan-player-list = Liste de joueurs hors de la rubrique « Vous connaissez de nom » : elle y est ajoutée.

## headerless: CR without header, file that is not a CR
cr-empty = Ce fichier est vide : ce n'est pas un compte rendu.
cr-not-a-report = Ce fichier n'est pas un compte rendu de Nebula : { $recognised ->
    [0] aucune de ses lignes n'est écrite comme un compte rendu.
   *[other] trop peu de ses lignes sont écrites comme un compte rendu ({ $recognised } sur { $lines }).
    }
cr-turn-inferred = Ce compte rendu n'indique pas son tour : c'est le tour { $turn }, { $source ->
    [stated] comme vous l'avez indiqué.
    [nbt] d'après le fichier .NBT du même nom.
   *[other] d'après le nom du fichier.
    }
cr-turn-unknown = Ce compte rendu n'indique pas son tour et rien à côté ne le dit : il est lu comme le tour { $turn } ; indiquez le bon tour (dans l'application, à côté du choix du tour ; en ligne de commande, --turn).
cr-player-inferred = Ce compte rendu ne nomme pas son joueur : c'est « { $player } », { $source ->
    [stated] comme vous l'avez indiqué.
    [nbt] d'après le fichier .NBT du même nom.
    [start-world] propriétaire du monde de départ (Md_).
    [statistics] le seul dont les mondes et les flottes correspondent aux statistiques.
   *[other] d'après les autres comptes rendus du dossier.
    }
cr-player-unknown = Ce compte rendu ne nomme pas son joueur et rien ne permet de le reconnaître : vos mondes et vos flottes ne peuvent pas être distingués des autres ; indiquez le joueur (dans l'application, à côté du choix du tour ; en ligne de commande, --player).
cr-game-inferred = Ce compte rendu ne nomme pas sa partie : c'est « { $game } », d'après les fichiers voisins.

## bounded: duplicates in a CR
cr-duplicate-fleet = Cette flotte est déjà décrite plus haut dans le compte rendu : cette ligne est ignorée.
cr-duplicate-treasure = Ce trésor est déjà décrit plus haut dans le compte rendu : cette ligne est ignorée.

## report::printable: the order file and the CR printable (HTML, text)
print-orders = Ordres
print-report = Compte rendu
print-game = Partie
print-turn = Tour
print-player = Joueur
print-class = Classe
print-field = { $field } : { $value }
print-title = { $what } — partie { $game }, tour { $turn }, { $player }
