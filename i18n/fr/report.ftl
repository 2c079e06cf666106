# report messages (fr)

## Lecteur de compte rendu (report::read). Codes `cr-…`.

cr-syntax = caractère illisible { $found } : la ligne est ignorée
cr-unexpected-end = la ligne s'arrête trop tôt : elle est ignorée
cr-number-too-large = nombre trop grand : la ligne est ignorée
cr-unknown-line = ligne inconnue : elle est ignorée
cr-unknown-indented-line = ligne indentée inconnue : elle est ignorée (annotation d'un monde)
cr-continuation-without-world = éléments de monde sans ligne de monde au-dessus : la ligne est ignorée
cr-name-without-world = « Nom » ou « Corrompu par » sans ligne de monde au-dessus : la ligne est ignorée
cr-unknown-declaration = déclaration inconnue (attendu A, C, CP, DP, PI ou J) : la ligne est ignorée
cr-unknown-class = classe de personnage inconnue
cr-markdown-bold = « ** » de mise en gras ignoré
cr-ships-block-repaired = bloc de vaisseaux mal formé, lu comme « []=n »
cr-unclosed-quote = guillemet fermant manquant, ajouté avant la suite de la ligne
cr-owner-spacing = espace avant « : » dans le bloc du propriétaire, ignorée
cr-trailing-punctuation = point final ignoré
cr-world-incomplete = monde sans liste de connexions : lu comme une simple mention
cr-fleet-incomplete = flotte sans propriétaire ni vaisseaux : lue comme une simple mention
cr-unclosed-treasure = « > » fermant manquant après le nom du trésor
cr-unclosed-trace = « { "}" } » fermant manquant après la trace
cr-several-converts = plusieurs groupes de convertis sur un monde : seul le premier est gardé
cr-duplicate-world = ce monde est déjà décrit plus haut dans le compte rendu
cr-orphan-player-list = liste de joueurs hors de « Vous connaissez de nom »
