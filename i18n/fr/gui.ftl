# gui messages (fr)
# L'application de bureau. La notation du CR (M_127, F_57, *F_204, [?]…) n'est jamais traduite.

gui-no-display = Nébutil NG ne peut pas ouvrir de fenêtre ici : aucun écran ({ $missing } non définis). La ligne de commande marche sans écran : nebutil --help, et nebutil report, orders, game, mail, combat, rulings.
gui-start-failed = Nébutil NG n'a pas pu ouvrir sa fenêtre : { $error }

## Menus
gui-menu-file = Fichier
gui-menu-open = Ouvrir…
gui-menu-open-path = Ouvrir un chemin…
gui-menu-recent = Fichiers récents
gui-recent-empty = (aucun)
gui-menu-clear-recent = Effacer la liste
gui-menu-open-demo = Ouvrir la partie de démonstration
gui-menu-close-turn = Fermer le tour
gui-menu-quit = Quitter
gui-menu-view = Affichage
gui-menu-language = Langue
gui-menu-theme = Thème
gui-theme-system = Comme le système
gui-theme-light = Clair
gui-theme-dark = Sombre
gui-menu-worlds = Liste des mondes
gui-menu-fleets = Liste des flottes
gui-menu-toggle-text = Texte du CR / inspecteur
gui-menu-help = Aide
gui-menu-shortcuts = Raccourcis clavier
gui-menu-about = À propos

## Raccourcis
gui-action-previous-turn = Tour précédent
gui-action-next-turn = Tour suivant
gui-action-filter = Filtrer la liste
gui-shortcut-drop-keys = glisser-déposer
gui-shortcut-drop = Ouvrir des fichiers en les déposant sur la fenêtre

## Fenêtres
gui-about-text = Le successeur libre de Nébutil, l'assistant de rédaction d'ordres de Nebula, jeu de stratégie par courriel (1999–2002).
gui-about-license = Licence MIT.
gui-open-path-help = Chemins de CR ou de fichiers .NBT, un par ligne (Ctrl+Entrée pour ouvrir) :
gui-open-path-label = Chemin
gui-open-path-button = Ouvrir
gui-ally-path-title = Ajouter le CR d'un allié
gui-ally-path-help = Chemins des comptes rendus de vos alliés (d'autres joueurs de la partie), un par ligne (Ctrl+Entrée pour ajouter) :
gui-ally-path-button = Ajouter
gui-cancel = Annuler
gui-dialog-title = Ouvrir des comptes rendus
gui-dialog-filter = Comptes rendus et fichiers NBT
gui-dialog-all = Tous les fichiers
gui-drop-files = { $count ->
    [one] Déposez le fichier pour l'ouvrir
   *[other] Déposez les { $count } fichiers pour les ouvrir
}

## Tours
gui-turn-selector = Tour :
gui-turn-label = { $seat } — Tour { $turn } — { $file }
gui-turn-predicted = { $seat } — Tour { $turn } (prévu)
gui-prediction-banner = Prévision : ce tour est celui que l'aperçu prédit avec vos ordres et vos comptes rendus — pas un compte rendu. Les valeurs marquées ≈, et les mondes cerclés de pointillés, dépendent du hasard.
gui-prediction-back = Revenir au tour { $turn }
gui-predicted-spread = Selon le hasard : { $spread }
gui-nbt-waiting = { $file } attend le CR du tour { $turn }
gui-welcome = Aucun tour chargé. Ouvrez un compte rendu (CR) et son fichier .NBT, ou déposez-les sur la fenêtre.

## Messages
gui-notice-dismiss = Fermer ce message
gui-notices-more = +{ $count } { $count ->
    [one] autre
   *[other] autres
}
gui-notices-fewer = Masquer { $count ->
    [one] l'autre
   *[other] les { $count } autres
}
gui-notices-dismiss-all = Tout fermer
gui-error-io = Impossible de lire { $file } : { $error }
gui-error-directory = { $file } est un dossier, pas un fichier.
gui-error-too-large = { $file } est trop gros ({ $megabytes } Mo ; au plus { $max } Mo).
gui-error-binary = { $file } n'est pas un fichier texte.
gui-error-nbt = { $file } n'est pas un fichier NBT utilisable : { $error }
gui-warning-nothing-read = Rien de ce qu'on attend d'un compte rendu n'a été reconnu dans { $file }.
gui-nbt-pending = { $file } est gardé jusqu'à l'ouverture du CR du tour { $turn }.
gui-session-replaced = { $file } ({ $seat }) remplace les tours d'une autre partie ou d'un autre joueur : ils sont fermés.
gui-seat-unknown = partie et joueur inconnus
gui-seat-arbiter = la galaxie entière (arbitre)
gui-earlier-turns-opened = { $file } : { $count ->
    [one] le tour précédent du même joueur, trouvé à côté, est ouvert avec lui
   *[other] les { $count } tours précédents du même joueur, trouvés à côté, sont ouverts avec lui
}.
gui-menu-add-ally = Ajouter le CR d'un allié…
gui-menu-add-ally-hint = Le compte rendu d'un autre joueur de la partie : ce qu'il a vu (mondes, flottes, connexions, positions) rejoint ce que vous savez, marqué comme vu par lui. Déposer son CR sur la fenêtre fait de même.
gui-menu-add-ally-none = Ouvrez d'abord un de vos comptes rendus.
gui-ally-added = { $file } ({ $seat }) : ce que votre allié a vu rejoint ce que vous savez.
gui-allies-label = Alliés :
gui-allies-hint = Les comptes rendus de vos alliés : le plus récent l'emporte ; au même tour, le vôtre.
gui-ally-entry = { $player } (tour { $turn })
gui-ally-close = Retirer { $file }
gui-error-ally = { $file } ne peut pas servir de compte rendu d'allié : { $reason }
gui-replace-confirm-title = Remplacer les tours chargés ?
gui-replace-confirm-text = { $file } ({ $seat }) est d'une autre partie ou d'un autre joueur : { $count ->
    [one] le tour chargé sera fermé
   *[other] les { $count } tours chargés seront fermés
}.
gui-replace-confirm-orders = Les ordres de l'éditeur ne sont enregistrés dans aucun brouillon : copiez-les ou exportez-les d'abord si vous voulez les garder.
gui-replace-confirm-yes = Remplacer
gui-replace-confirm-no = Ne pas ouvrir
gui-no-file-dialog = Aucune fenêtre de choix de fichiers n'est disponible ici : tapez le chemin, ou déposez les fichiers sur la fenêtre.

## Listes
gui-tab-worlds = Mondes ({ $count })
gui-tab-fleets = Flottes ({ $count })
gui-filter = Filtre
gui-filter-hint = numéro, joueur, nom…
gui-filter-clear = Effacer le filtre
gui-mine-only = Les miens seulement
gui-source = Source
gui-source-all = Tous les CR
gui-source-own = Mes CR
gui-source-allies = Ceux des alliés
gui-source-hint = Ce que listent les tables : vos CR et, pour ce qu'ils ne montrent pas, ceux de vos alliés (en italique) ; ou les uns, ou les autres.
gui-list-empty = Rien à afficher.
gui-col-world = Monde
gui-col-fleet = Flotte
gui-col-owner = Propriétaire
gui-col-industries = I
gui-col-vi = VI
gui-col-population = P
gui-col-vp = VP
gui-col-mp = MP
gui-col-fleets = Flottes
gui-col-ships = Vaisseaux
gui-col-cargo = Cargaison
gui-unknown-hint = Inconnu : le CR ne le dit pas.
gui-fact-attitude = Attitude
gui-attitude-peace = paix : elle ne capture, ne convertit ni ne pirate, ne fait pas d'embuscade ; elle ne tire que sur ordre
gui-attitude-war = guerre (l'attitude habituelle d'une flotte : elle capture, convertit, pirate et fait des embuscades)
gui-at-peace = en paix

## Inspecteur
gui-tab-inspector = Inspecteur
gui-tab-cr-text = CR
gui-tab-nbt-text = NBT
gui-inspector-empty = Choisissez un monde ou une flotte dans la liste.
gui-not-on-this-turn = { $id } n'apparaît pas sur ce tour.
gui-no-cr-line = Aucune ligne du CR (connu par le fichier NBT seulement).
gui-show-in-text = Montrer dans le texte du CR
gui-section-cr-lines = Lignes du CR
gui-section-facts = Ce que dit le CR
gui-section-fleets = Flottes en orbite
gui-section-traces = Traces
gui-section-treasures = Trésors
gui-none = aucune
gui-neutral = neutre
gui-owned-turns = depuis { $turns ->
    [one] { $turns } tour
   *[other] { $turns } tours
}
gui-mining-counter = compteur minier { $counter }
gui-previous-owner = avant : « { $name } »
gui-flag-start-world = Monde de départ
gui-flag-bombed = Bombardé
gui-flag-black-hole = Trou noir
gui-flag-elided = Ligne incomplète (« . . . ») : des valeurs manquent
gui-flag-position-only = Position seulement (fichier NBT)
gui-flag-bomb = Porte la bombe
gui-fact-owner = Propriétaire
gui-fact-connections = Connexions
gui-fact-industries = Industries (actives/total)
gui-fact-vi = VI
gui-fact-population = Population (limite)
gui-fact-converts = Convertis
gui-fact-robots = Robots
gui-fact-vp = VP
gui-fact-deaths = Morts ce tour
gui-fact-mp = MP en stock
gui-fact-mining = Extraction
gui-fact-pc = Déchargements de PC
gui-fact-pillage = Pillages
gui-pillage-value = { $count } fois, remis dans { $turns ->
    [one] { $turns } tour
   *[other] { $turns } tours
}
gui-fact-pe = PE
gui-fact-meva = Mises en valeur
gui-fact-growth = Croissance
gui-fact-coords = Coordonnées
gui-coords-approximate = environ [{ $x },{ $y }]
gui-fact-corrupted-by = Corrompu par
gui-fact-world = Monde
gui-fact-vc = VC
gui-fact-vt = VT
gui-fact-total = Vaisseaux en tout
gui-fact-cargo = Cargaison
gui-fact-cargo-mp = Cargaison : MP
gui-fact-cargo-n = Cargaison : non-convertis (N)
gui-fact-cargo-c = Cargaison : convertis (C)
gui-fact-cargo-r = Cargaison : robots (R)
gui-fact-arrived-from = Arrivée de
gui-fact-fire = Tir
gui-fire-fleet = a tiré sur la flotte
gui-fire-protections = a tiré sur les vaisseaux de protection
gui-fire-population = a tiré sur la population
gui-fire-industries = a tiré sur les industries
gui-fire-non-converts = a exécuté des non-convertis
gui-fire-converts = a exécuté des convertis
gui-fire-robots = attaque de robots
gui-fire-bomb = a largué la bombe
gui-fire-ambush = embuscade
gui-event-captured = capturé ce tour
gui-event-gift = donné ce tour
gui-event-pillaged = pillé ce tour
gui-event-pirated = piratée ce tour
gui-event-unloaded-pc = a déchargé des PC ce tour
gui-trace-from = venue de { $world }
gui-trace-to = vers
gui-treasure-unknown-kind = Nom de trésor inconnu du vocabulaire.

## Connaissance (plusieurs tours)
gui-seen-turn = tour { $turn }
gui-seen-by-ally = vu par { $ally } au tour { $turn }
gui-history = Historique
gui-history-seen = Vu
gui-history-owner = Propriétaire
gui-history-population = P
gui-history-industries = I
gui-history-mp = MP
gui-history-fleets = Flottes
gui-history-world = Monde
gui-history-ships = Vaisseaux
gui-described-by-ally = Décrit en dernier par { $ally }, votre allié, au tour { $turn }
gui-described-by-ally-only = Vu seulement par { $ally }, votre allié, au tour { $turn } : aucun de vos comptes rendus ne le décrit
gui-revealed-by = Nommé dans les connexions de
gui-never-described = Jamais décrit par un CR.
gui-last-described = Décrit pour la dernière fois au tour { $turn }.
gui-section-last-known = Dernières nouvelles
gui-section-fleets-last-seen = Flottes vues ici en dernier
gui-fact-first-described = Décrit depuis le

## Résumé du tour
gui-tab-summary = Tour
gui-summary-unknown-turn = Tour inconnu
gui-section-tech = Technologies
gui-tech-dep = Déplacement (DEP)
gui-tech-att = Attaque (ATT)
gui-tech-def = Défense (DEF)
gui-tech-rad = Radar (RAD)
gui-tech-ali = Connaissance des aliens (ALI)
gui-tech-car = Cargaison (CAR)
gui-tech-progress = { $invested } / { $cost } UP
gui-tech-progress-hint = UP investies vers le niveau suivant, sur le coût de ce niveau
gui-tech-max = niveau maximum
gui-tech-catt = Votre CA (coefficient d'attaque)
gui-tech-cdef = Votre CD (coefficient de défense)
gui-section-statistics = Statistiques
gui-stat-mining = Capacité minière
gui-stat-populations = Populations
gui-stat-converts = Convertis
gui-stat-robots = Robots
gui-stat-cargo = Cargaison transportée
gui-stat-worlds = Mondes
gui-stat-fleets = Flottes
gui-stat-industries = Industries
gui-stat-active-industries = Industries actives
gui-stat-ships = Vaisseaux
gui-stat-treasures = Trésors
gui-spy-header = Espionnage : moyenne { $mean }, erreur { $error } %
gui-spy-unknown-player = joueur inconnu
gui-section-known-players = Vous connaissez de nom
gui-known-level-hidden = caché
gui-known-level-att-hint = Niveau en attaque : votre ALI le montre à partir du niveau 3, sauf d'un joueur d'ALI 4 ou plus supérieure à la vôtre (« caché »).
gui-known-level-def-hint = Niveau en défense : votre ALI le montre à partir du niveau 2, sauf d'un joueur d'ALI 4 ou plus supérieure à la vôtre (« caché »).
gui-section-declarations-made = Vos déclarations
gui-section-declarations-received = Déclarations reçues
gui-declaration-ally = allié
gui-declaration-mp-loader = chargeur de MP
gui-declaration-pop-loader = chargeur de population
gui-declaration-pop-unloader = déchargeur de population
gui-declaration-pillager = pilleur
gui-declaration-jihad = Jihad (depuis le tour indiqué)
gui-section-ranking = Classement final
gui-section-orders-sent = Ordres dont ce CR donne le résultat (NBT)

## Diagnostics
gui-diagnostics = Lecture du CR
gui-show-errors = Erreurs ({ $count })
gui-show-warnings = Avertissements ({ $count })
gui-show-infos = Infos ({ $count })
gui-no-diagnostics = Le lecteur de CR a tout compris (les ordres sont vérifiés dans l'éditeur).
gui-severity-error = erreur
gui-severity-warning = avertissement
gui-severity-info = info

## Barre d'état
gui-status-game = Partie { $game }
gui-status-turn = Tour { $turn }
gui-status-player = Joueur { $player }
gui-status-score = Points { $score }
gui-status-empty = Aucun tour chargé.
gui-status-reading = Lecture des rapports…
gui-status-turns-loaded = { $count ->
    [one] { $count } tour chargé
   *[other] { $count } tours chargés
}

## Carte
gui-menu-map = Carte
gui-map-title = Carte de la galaxie
gui-map-fit = Ajuster
gui-map-zoom-in = Zoom avant (molette)
gui-map-zoom-out = Zoom arrière (molette)
gui-map-legend = Légende
gui-map-legend-more = … et { $count ->
    [one] { $count } autre
   *[other] { $count } autres
}
gui-map-legend-symbols = Symboles
gui-map-counts = { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
}, { $links ->
    [one] { $links } connexion
   *[other] { $links } connexions
}
gui-map-no-size = taille de la galaxie inconnue (NBT absent) : la carte ne boucle pas
gui-map-legend-me = { $name } (vous)
gui-map-legend-neutral = Neutre
gui-map-legend-unknown = Propriétaire inconnu
gui-map-legend-approximate = Position approchée (d'après ses voisins)
gui-map-legend-black-hole = Trou noir
gui-map-legend-start = Monde de départ
gui-map-legend-ally = Vu seulement par un allié (son compte rendu, aucun des vôtres)
gui-map-legend-threat = Cerclé de rouge : un de vos mondes qu'une flotte ennemie peut atteindre au prochain tour (Menaces, F7)
gui-map-threats = Menaces
gui-map-threats-note = Menaces : { $text }
gui-map-threats-hint = Les mondes à vous qu'une flotte ennemie pourrait atteindre au prochain tour, cerclés de rouge, et une flèche depuis où chaque flotte a été vue. D'après vos comptes rendus (et ceux de vos alliés) seulement.
gui-tab-threats = Menaces ({ $count })
gui-threats-help = Les flottes d'autres joueurs (pas vos alliés) qui pourraient atteindre un de vos mondes au prochain tour, ou y sont déjà : leur dernière position vue, les connexions que vos comptes rendus et ceux de vos alliés ont montrées, et leur portée (le DEP de leur propriétaire s'il est connu, sinon le plus haut que les règles permettent). Uniquement ce que montrent vos comptes rendus et ceux de vos alliés.
gui-threats-none = Aucune flotte connue ne peut atteindre vos mondes au prochain tour.
gui-threats-count = { $count } { $count ->
    [one] menace
   *[other] menaces
} sur { $worlds } { $worlds ->
    [one] monde
   *[other] mondes
}
gui-threats-col-world = Votre monde
gui-threats-col-fleet = Flotte
gui-threats-col-owner = Propriétaire
gui-threats-col-ships = Vaisseaux
gui-threats-col-seen = Vue
gui-threats-col-route = Trajet
gui-threats-seen = { $seen_at }, tour { $turn }
gui-threats-route-known = { $steps ->
    [0] sur place
    [one] à 1 saut
   *[other] à { $steps } sauts
} ; DEP { $reach }
gui-threats-route-assumed = { $steps ->
    [0] sur place
    [one] à 1 saut
   *[other] à { $steps } sauts
} ; DEP { $reach } au plus (inconnu)
gui-map-legend-bombed = Bombardé (M#)
gui-map-legend-pillaged = Pillé (Pi=)
gui-map-legend-fleet = Flotte (couleur du propriétaire)
gui-map-legend-trace = Trace de flotte
gui-map-legend-faded = Estompé : vu il y a plusieurs tours
gui-map-seen = Vu au tour { $turn } (il y a { $age ->
    [one] { $age } tour
   *[other] { $age } tours
})
gui-map-never-described = Jamais décrit : connu par les connexions de M_{ $world }
gui-map-approximate = Coordonnées inconnues : placé près de ses voisins connus.
gui-map-radar = Position vue au radar 3 (NBT), depuis un monde voisin.
gui-map-route = Route :
gui-map-route-ok = Ajouter l'ordre
gui-map-route-cancel = Annuler
gui-map-route-undo = Retirer le dernier monde
gui-map-route-not-connected = M_{ $world } n'est pas une connexion connue de M_{ $from }.
gui-map-menu-plan = Planifier une route…
gui-map-menu-plan-hint = Cliquez une destination (ou plusieurs étapes) : la route la plus courte par les connexions connues, coupée en tours selon votre DEP.
gui-map-plan = Planifier :
gui-map-plan-ok = Planifier
gui-map-plan-ok-hint = Ajoute le trajet de ce tour aux ordres et garde la suite : aux tours suivants, le trajet de chaque tour vous est proposé.
gui-map-plan-undo = Retirer la dernière étape
gui-map-plan-help = Cliquez la destination sur la carte (d'autres clics ajoutent des étapes).
gui-map-plan-leg = T+{ $ahead } : { $hops }
gui-map-plan-eta = Arrivée sur M_{ $world } au tour { $turn } ({ $turns ->
    [one] 1 tour
   *[other] { $turns } tours
} avec un DEP de { $dep }).
gui-map-plan-no-position = La position de cette flotte au début du tour n'est pas connue.
gui-map-plan-nowhere = La flotte est déjà là : cliquez une autre destination.
gui-map-plan-no-dep = Votre DEP n'est pas connu (pas de bloc des technologies) : les tours ne peuvent pas être comptés.
gui-map-plan-no-route = Aucune route connue de M_{ $from } à M_{ $to } : une connexion inconnue, ou seulement à travers un trou noir.
gui-map-plan-arrival = T+{ $ahead } · tour { $turn }
gui-map-plan-refused = Le trajet de ce tour serait refusé : { $reason }
gui-plans = Routes planifiées
gui-plan-title = F_{ $fleet } vers { $destination }, arrivée prévue au tour { $turn }
gui-plan-on-track = Sur sa route, trajet { $leg } sur { $legs } :
gui-plan-add = Ajouter l'ordre
gui-plan-in-draft = déjà dans vos ordres
gui-plan-arrived = Arrivée à destination.
gui-plan-not-yet = Prévue à partir du tour { $turn }.
gui-plan-off-course = Hors de sa route : attendue sur { $expected }, vue sur { $seen_at }.
gui-plan-lost = Vos comptes rendus ne la montrent plus (attendue sur { $expected }).
gui-plan-replan = Replanifier
gui-plan-forget = Oublier
gui-map-menu-nothing = Rien ici. Clic droit sur un monde ou une flotte pour écrire ses ordres.
gui-map-menu-inspect = Inspecter
gui-map-menu-route = Tracer une route (cliquez les mondes)…
gui-map-menu-not-yours = Cette flotte n'est pas à vous : aucun ordre possible.
gui-map-legend-counts = { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
} · { $fleets ->
    [one] { $fleets } flotte
   *[other] { $fleets } flottes
}

## Éditeur d'ordres
gui-editor-toggle = Ordres
gui-editor-title = Éditeur d'ordres
gui-editor-text-label = Ordres du tour
gui-editor-hint = Un ordre par ligne, par exemple M_48 C 10 VC F_57
gui-editor-undo = Défaire
gui-editor-redo = Refaire
gui-editor-format = Mettre en forme
gui-editor-format-hint = Réécrire chaque ordre lisible sous sa forme canonique (M_127 C 10 VC F_57) ; commentaires et lignes illisibles gardés tels quels
gui-editor-export = Exporter…
gui-editor-export-path = Exporter vers un chemin…
gui-editor-copy = Copier
gui-editor-mail = Courrier…
gui-editor-preview = Prévisualiser
gui-editor-counts = { $orders ->
    [one] { $orders } ordre
   *[other] { $orders } ordres
}, { $errors ->
    [one] { $errors } erreur
   *[other] { $errors } erreurs
}, { $warnings ->
    [one] { $warnings } avertissement
   *[other] { $warnings } avertissements
}
gui-editor-draft-saved = Brouillon enregistré automatiquement : { $file }
gui-editor-draft-no-key = Brouillon non enregistré : aucun compte rendu n'est ouvert.
gui-editor-draft-no-dir = Brouillon non enregistré : aucun dossier de données.
gui-editor-draft-error = Le brouillon n'a pas pu être enregistré : { $error }
gui-editor-draft-found = Un brouillon enregistré existe pour ce tour. Le charger remplace le texte actuel, qui n'est enregistré nulle part ; garder le texte remplace le brouillon.
gui-editor-draft-load = Charger le brouillon
gui-editor-draft-keep = Garder le texte actuel
gui-editor-diagnostics = Vérification des ordres ({ $count })
gui-editor-no-diagnostics = Aucun problème.
gui-editor-exported = Ordres exportés dans { $file }
gui-editor-mail-saved = Courrier enregistré dans { $file }
gui-editor-write-failed = Impossible d'écrire { $file } : { $error }
gui-editor-copied = Ordres copiés dans le presse-papiers.
gui-editor-mail-copied = Courrier copié dans le presse-papiers.
gui-editor-overwrite-title = Remplacer le fichier ?
gui-editor-overwrite = { $file } existe déjà. Le remplacer ?
gui-editor-overwrite-yes = Remplacer
gui-editor-path-title = Exporter vers un chemin
gui-editor-path-label = Chemin du fichier
gui-editor-path-button = Enregistrer
gui-editor-dialog-title = Exporter les ordres
gui-editor-dialog-filter = Fichiers texte
gui-editor-mail-title = Courrier pour l'arbitre
gui-editor-mail-more = Pour l'envoyer d'ici, écrire aux autres joueurs, changer vos réglages ou demander une info : Affichage > Courrier de la partie (F8).
gui-editor-mail-open-courrier = Ouvrir le courrier de la partie
gui-editor-mail-game = Partie
gui-editor-mail-player = Numéro de joueur
gui-editor-mail-password = Mot de passe
gui-editor-mail-ack = Message d'accusé de réception (facultatif)
gui-editor-mail-subject = Sujet :
gui-editor-mail-body = Corps :
gui-editor-mail-copy = Copier le courrier
gui-editor-mail-save = Enregistrer le courrier…
gui-editor-mail-missing = Indiquez la partie, votre numéro de joueur et votre mot de passe (il n'est jamais enregistré).
gui-editor-shortcut-undo-keys = Ctrl+Z, Ctrl+Maj+Z / Ctrl+Y
gui-editor-shortcut-undo = Défaire, refaire (éditeur d'ordres)
gui-editor-quick = Ordres :
gui-editor-quick-hint = Les ordres proposés pour ce monde ou cette flotte, vérifiés sur votre brouillon : un clic ajoute l'ordre à l'éditeur (changez-y la quantité) ; un ordre grisé dit pourquoi au survol.
gui-send-here-pending = Calcul des routes de vos flottes jusqu'ici…
gui-send-here-ask = Envoyer une flotte ici…
gui-send-here-ask-hint = Cherche la route de chacune de vos flottes jusqu'à ce monde (en arrière-plan : sur des milliers de flottes, cela prend du temps).
gui-editor-shortcut-complete-keys = Tab / Entrée, Échap
gui-editor-shortcut-complete = Accepter la complétion, la fermer (éditeur d'ordres)

## Prévisualisation (aperçu du tour suivant avec vos ordres)
gui-editor-preview-hint = Résoudre le tour sur ce que vous savez, avec ces ordres
gui-preview-title = Prévisualisation du tour
gui-preview-outcome = { $value } ({ $percent } %)
gui-preview-or = ou
gui-preview-empty-fleet-lost = flotte vide : elle ne reste à vous que si un de vos vaisseaux en guerre (VC, VI, VP) est sur son monde (G-94)
gui-preview-intro = Le tour résolu sur ce que vos CR vous ont appris, avec vos ordres seulement : les autres joueurs ne donnent pas d'ordres et tout ce que vous ignorez suit les hypothèses ci-dessous.
gui-preview-progress = Simulations : { $done } / { $runs }
gui-preview-done = { $runs ->
    [one] { $runs } simulation
   *[other] { $runs } simulations
}.
gui-preview-voided = Ordres qui seraient annulés :
gui-preview-changes = Changements prévus au tour { $turn } (maintenant -> prévu) :
gui-preview-no-change = Aucun changement prévu.
gui-preview-assumptions = Hypothèses
gui-preview-cr = CR prévu
gui-preview-hidden-split = Flotte [?]=n? :
gui-preview-split-vc = tout en VC
gui-preview-split-vt = tout en VT
gui-preview-hidden-cargo = Cargaison cachée [?] (MP)
gui-preview-unknown-values = Valeurs inconnues :
gui-preview-last-seen = dernière valeur vue
gui-preview-zero = 0
gui-preview-symmetric = Connexions dans les deux sens
gui-preview-runs = Nombre de simulations
gui-preview-foreign-tech = Niveaux des autres joueurs
gui-preview-class = Classe
gui-preview-class-unknown = inconnue
gui-preview-again = Recalculer
gui-preview-item-player = Score
gui-preview-owned-yes = à vous
gui-preview-owned-no = perdu
gui-preview-field-owned = possession
gui-preview-field-population = Population
gui-preview-field-converts = Convertis
gui-preview-field-robots = Robots
gui-preview-field-pop-limit = Limite de population
gui-preview-field-mp = MP
gui-preview-field-mining = Capacité minière
gui-preview-field-industries = Industries
gui-preview-field-active-industries = Industries actives
gui-preview-field-vi = VI
gui-preview-field-vp = VP
gui-preview-field-position = Position
gui-preview-field-vc = VC
gui-preview-field-vt = VT
gui-preview-field-cargo-mp = MP transportées
gui-preview-field-cargo-n = N transportés
gui-preview-field-cargo-c = C transportés
gui-preview-field-cargo-r = R transportés
gui-preview-field-level = niveau
gui-preview-field-progress = UP investies
gui-preview-field-score = Points

## Arbiter view (src/gui/arbiter)
gui-arbiter-menu = Partie
gui-arbiter-menu-open = Ouvrir une partie (arbitre)…
gui-arbiter-menu-view = Vue arbitre
gui-arbiter-title = Arbitre
gui-arbiter-dialog-title = Dossier de la partie (contenant game.ron)
gui-arbiter-open = Ouvrir un dossier…
gui-arbiter-path = Dossier ou sauvegarde :
gui-arbiter-open-path = Ouvrir
gui-arbiter-none = Aucune partie ouverte : choisissez un dossier de partie (contenant game.ron) ou une sauvegarde .ron.
gui-arbiter-open-failed = Partie illisible : { $error }
gui-arbiter-unnamed = (sans nom)
gui-arbiter-header = Partie { $game } — règles { $ruleset } — tour { $turn } sur { $final } — { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
}
gui-arbiter-resolve = Résoudre le tour
gui-arbiter-reload = Relire les ordres
gui-arbiter-running = Résolution en cours…
gui-arbiter-failed = La résolution a échoué.
gui-arbiter-save-alone = Seul le game.ron d'un dossier de partie est résolu (une sauvegarde seule n'est pas modifiée).
gui-arbiter-exists = { $count ->
    [one] { $count } fichier du tour suivant existe déjà. Le remplacer ?
   *[other] { $count } fichiers du tour suivant existent déjà. Les remplacer ?
}
gui-arbiter-overwrite = Remplacer
gui-arbiter-players = Joueurs
gui-arbiter-col-number = N°
gui-arbiter-col-name = Nom
gui-arbiter-col-class = Classe
gui-arbiter-col-rank = Rang
gui-arbiter-col-score = Score
gui-arbiter-col-worlds = Mondes
gui-arbiter-col-fleets = Flottes
gui-arbiter-col-ships = Vaisseaux
gui-arbiter-col-orders = Ordres
gui-arbiter-col-view = Vue
gui-arbiter-col-player = Joueur
gui-arbiter-col-line = Ligne
gui-arbiter-col-order = Ordre
gui-arbiter-col-reason = Raison
gui-arbiter-orders = { $count ->
        [one] { $count } ordre
       *[other] { $count } ordres
    }
gui-arbiter-unreadable-count = , { $count ->
        [one] { $count } ligne illisible
       *[other] { $count } lignes illisibles
    }
gui-arbiter-view-as = Voir comme le joueur { $number }
gui-arbiter-viewing = Vous voyez les fichiers du joueur { $number } tels que l'arbitre les envoie ; Partie > Vue arbitre ramène la table des joueurs.
gui-desk-title = Arbitre — partie { $game }, tour { $turn } sur { $final }
gui-desk-confirm-title = Afficher la galaxie de l'arbitre ?
gui-desk-confirm-turns = { $count ->
    [one] { $count } tour chargé sera fermé et remplacé
   *[other] { $count } tours chargés seront fermés et remplacés
} par la galaxie telle qu'elle est. Les fichiers ouverts depuis le disque restent dans Fichier > Fichiers récents.
gui-desk-confirm-orders = Les ordres de l'éditeur ne sont enregistrés dans aucun brouillon : copiez-les ou exportez-les d'abord pour les garder.
gui-close = Fermer
gui-arbiter-orders-of = Ordres du joueur { $player } ({ $file }), en lecture seule
gui-arbiter-orders-none = Aucun fichier d'ordres pour ce tour (ONR).
gui-arbiter-orders-clean = Vérification contre son CR : aucune remarque.
gui-arbiter-logs = Journaux :
gui-arbiter-log-turn = tour { $turn }
gui-arbiter-registrations = Inscriptions
gui-arbiter-registration-choice = { $number }. { $class } « { $pseudonym } », tour final { $turn }
gui-arbiter-registration-given = { $choice } — choix donné
gui-arbiter-orders-window = Ordres du joueur { $player }
gui-arbiter-log-window = Journal de l'arbitre, tour { $turn }
gui-arbiter-view-galaxy = Voir la galaxie
gui-arbiter-undo = Annuler le dernier tour…
gui-arbiter-undo-title = Annuler le tour { $turn } ?
gui-arbiter-undo-body = La partie revient au tour { $previous }, octet pour octet : game.ron repris de saves/, les CR, NBT et le journal du tour { $turn } supprimés. Les fichiers d'ordres sont gardés : résoudre à nouveau donne les mêmes fichiers. Le robot de courrier retire les CR pas encore partis ; ceux déjà partis seront suivis d'une correction.
gui-arbiter-undo-yes = Annuler le tour
gui-arbiter-undo-no = Garder le tour
gui-arbiter-undone = Dernier tour annulé : la partie est revenue au tour { $turn }.
gui-inspector-knowers = Connu de : { $players }
gui-inspector-knower = { $number } « { $name } »
gui-inspector-knowers-none = Connu d'aucun joueur
gui-arbiter-view-confirm-title = Voir comme le joueur { $number } ?
gui-arbiter-view-confirm-turns = { $count ->
    [one] { $count } tour chargé sera fermé et remplacé
   *[other] { $count } tours chargés seront fermés et remplacés
} par les comptes rendus du joueur { $number }. Les fichiers ouverts depuis le disque restent dans Fichier > Fichiers récents.
gui-arbiter-view-confirm-orders = Les ordres de l'éditeur ne sont enregistrés dans aucun brouillon : ils resteraient dans l'éditeur, rattachés au tour du joueur { $number }. Copiez-les ou exportez-les d'abord pour les garder à part.
gui-arbiter-view-confirm-yes = Remplacer
gui-arbiter-previous-log = Journal du tour précédent
gui-arbiter-log-title = Tour { $turn } résolu, tour { $next } prêt ({ $files ->
    [one] { $files } fichier écrit
   *[other] { $files } fichiers écrits
})
gui-arbiter-log-onr = Joueurs sans ordres (ONR)
gui-arbiter-log-unreadable = Lignes d'ordres illisibles
gui-arbiter-log-voided = Ordres annulés ({ $count })
gui-arbiter-log-none = aucun
gui-arbiter-log-final = Classement final
gui-arbiter-log-file = Journal complet

## Plots window (src/gui/plots.rs)
gui-plots-menu = Graphiques
gui-plots-title = Graphiques
gui-plots-turns = { $count ->
    [one] { $count } tour chargé
   *[other] { $count } tours chargés
} de ce joueur
gui-plots-score = Score
gui-plots-statistics = Statistiques
gui-plots-no-statistics = Aucune statistique propre dans les tours chargés.
gui-plots-axis-turn = Tour
gui-plots-hover = { $series }
    Tour { $turn } : { $value }
gui-plots-spy-title = Classements espionnés (tour { $turn })
gui-plots-spy-none = Aucun classement espionné dans ce tour.
gui-plots-spy-mean = moyenne { $mean } [Erreur={ $error }%]
gui-plots-spy-mean-line = Moyenne
gui-plots-spy-rank = Rang
gui-plots-spy-player = Joueur
gui-plots-spy-value = Valeur

## Rulings window (src/gui/rulings.rs)
gui-rulings-menu = Règles appliquées
gui-rulings-title = Règles appliquées (arbitrages)
gui-order-language-menu = Langage des ordres
gui-order-language-title = Langage des ordres
gui-order-language-help = Chaque forme d'ordre de l'annexe du livre des règles, avec un exemple, ce qu'il fait et qui peut le donner. Cherchez par mots (« recherche », « robots ») ou tapez le début d'un ordre (M_127 C) : les formes qu'il peut encore prendre s'affichent.
gui-order-language-search = Rechercher :
gui-order-language-clear = Effacer
gui-order-language-count = { $count } { $count ->
    [one] forme
   *[other] formes
} sur { $total }
gui-order-language-letters = m, n, o : mondes ; f, g : flottes ; t : trésor ; j : numéro de joueur ; x : nombre (entre parenthèses : facultatif) ; y : catégorie d'espions. Le « _ » est facultatif : M_127, M 127 et M127 s'équivalent.
gui-order-language-example = Exemple :
gui-order-language-copy = Copier
gui-order-language-copy-hint = Copie l'exemple dans le presse-papiers
gui-order-language-copied = copié
gui-order-language-exclusive = exclusif (un seul ordre exclusif par flotte ou groupe de VI/VP et par tour)
gui-order-language-not-exclusive = non exclusif
gui-order-language-facts = Qui : { $who } · { $exclusive } · exécuté à l'étape { $step } du tour
gui-order-language-see = Formes de cet ordre
gui-order-language-see-hint = Ouvre le langage des ordres sur les formes que cette ligne peut prendre
gui-order-language-forms = { $count ->
    [one] La forme de cet ordre…
   *[other] Les { $count } formes possibles…
}
gui-rulings-help = Là où le livre de règles est muet ou se contredit, Nébutil NG applique ces arbitrages (G-n = lacune n du catalogue), chacun avec la section du livre qu'il complète et la partie du programme où il s'applique.
gui-rulings-search = Rechercher :
gui-rulings-count = { $count } sur { $total }

## Combat simulator: typed path (src/gui/simulator.rs, src/gui/path_prompt.rs)
gui-sim-path = Chemin…
gui-sim-path-hint = Ouvrir ou enregistrer la configuration en tapant le chemin du fichier.
gui-sim-path-title = Configuration de combat (RON)
gui-sim-path-label = Chemin de la configuration
gui-sim-path-load = Ouvrir
gui-sim-path-save = Enregistrer
gui-sim-no-file-dialog = Aucune fenêtre de choix de fichiers n'est disponible ici : tapez le chemin.

## lead: export and drafts
gui-editor-export-hint = Proposé : { $file }. Le fichier contient le texte de l'éditeur tel quel, ligne pour ligne (commentaires et lignes en erreur compris) : le même texte que le presse-papiers et que le corps du courrier.
gui-editor-copy-hint = Copie le texte de l'éditeur tel quel, ligne pour ligne : le même texte que le fichier exporté et que le corps du courrier.
gui-editor-errors-title = Ces ordres contiennent des erreurs
gui-editor-errors-counts = { $errors ->
    [one] { $errors } erreur
   *[other] { $errors } erreurs
} et { $warnings ->
    [0] aucun avertissement
    [one] { $warnings } avertissement
   *[other] { $warnings } avertissements
}. L'arbitre annulera les ordres en erreur.
gui-editor-errors-line = ligne { $line } : { $message }
gui-editor-errors-more = … et { $count ->
    [one] { $count } autre
   *[other] { $count } autres
}.
gui-editor-errors-question = Exporter quand même ? Le fichier contiendra toutes les lignes, celles en erreur comprises.
gui-editor-errors-question-copy = Copier quand même ? Le texte copié contiendra toutes les lignes, celles en erreur comprises.
gui-editor-errors-back = Revenir à l'éditeur
gui-editor-errors-anyway = Exporter quand même
gui-editor-errors-anyway-copy = Copier quand même
gui-action-preview = Prévisualiser le tour
gui-shortcut-escape-keys = Échap
gui-shortcut-escape = Fermer l'aide, une boîte de dialogue ou la complétion
gui-first-steps-menu = Premiers pas
gui-first-steps-title = Premiers pas
gui-first-steps-close = Fermer (Aide > Premiers pas le rouvre)
gui-first-steps-about = Ceci est une partie de démonstration : la galaxie { $game }, un tore de { $width } × { $height } mondes créé par Nébutil NG et joué par des joueurs ordinateurs ({ $turns ->
    [one] { $turns } tour chargé
   *[other] { $turns } tours chargés
}). Vous la voyez avec les yeux du joueur { $number }, « { $player } » ({ $class }) : la carte et les listes ne montrent que ce que ses comptes rendus lui ont appris.
gui-first-steps-try = À essayer :
gui-first-steps-world = 1. Cliquer un monde ({ $world })
gui-first-steps-world-hint = Cliquez un monde sur la carte ou dans la liste : l'inspecteur montre ce que vous en savez et sa ligne du compte rendu. Un clic droit propose les ordres possibles.
gui-first-steps-order = 2. Écrire un ordre
gui-first-steps-order-hint = F2 ouvre l'éditeur d'ordres : chaque ligne est vérifiée pendant la frappe et expliquée au survol. Le clic droit sur la carte ajoute des ordres.
gui-first-steps-preview = 3. Prévisualiser le tour
gui-first-steps-preview-hint = { $keys } résout le tour sur ce que vous savez, avec vos ordres, et montre ce qui en résulterait.
gui-plots-last = tour { $turn } : { $value }

## proposals: orders proposed by the map's menus and the inspector
gui-propose-disabled = Désactivé : { $reason }
## arbiter-windows: arbiter view (folder watched, resolve summary, typed path)
gui-arbiter-no-folder-dialog = Aucune fenêtre de choix de dossier n'est disponible ici (pas de portail de bureau) : tapez le chemin du dossier de la partie (celui qui contient game.ron) ou d'une sauvegarde .ron.
gui-arbiter-path-title = Ouvrir une partie (arbitre)
gui-arbiter-path-label = Chemin du dossier de la partie ou de la sauvegarde
gui-arbiter-path-open = Ouvrir la partie
gui-arbiter-confirm-title = Résoudre le tour { $turn } ?
gui-arbiter-confirm-counts = { $sent ->
        [one] { $sent } joueur sur { $players } a envoyé ses ordres
       *[other] { $sent } joueurs sur { $players } ont envoyé leurs ordres
    } : { $orders ->
        [one] { $orders } ordre lu
       *[other] { $orders } ordres lus
    }, { $unreadable ->
        [0] aucune ligne illisible
        [one] { $unreadable } ligne illisible
       *[other] { $unreadable } lignes illisibles
    }.
gui-arbiter-confirm-onr = { $count ->
        [one] { $count } joueur est ONR (aucun fichier d'ordres) : ses mondes et ses flottes ne reçoivent aucun ordre ce tour-ci.
       *[other] { $count } joueurs sont ONR (aucun fichier d'ordres) : leurs mondes et leurs flottes ne reçoivent aucun ordre ce tour-ci.
    }
gui-arbiter-confirm-yes = Résoudre
gui-arbiter-confirm-unreadable = { $count ->
        [0] aucune
       *[other] { $count }
    }
gui-arbiter-col-unreadable = Lignes illisibles
gui-arbiter-col-player-hint = Numéro et nom du joueur
gui-arbiter-col-orders-hint = Les ordres lus dans son fichier du tour (players/<n>/orders-TTT.txt) ; ONR : aucun fichier
gui-arbiter-col-unreadable-hint = Les lignes de son fichier qui ne sont pas des ordres : elles sont ignorées et notées au journal
gui-arbiter-col-number-hint = Le numéro du joueur
gui-arbiter-col-name-hint = Le nom du joueur
gui-arbiter-col-class-hint = Sa classe de personnage
gui-arbiter-col-rank-hint = Son rang au score (1 = le meilleur ; à égalité, le plus petit numéro)
gui-arbiter-col-score-hint = Son score, et entre parenthèses ce qu'il a gagné ou perdu au dernier tour
gui-arbiter-col-worlds-hint = Les mondes qu'il possède
gui-arbiter-col-fleets-hint = Ses flottes
gui-arbiter-col-ships-hint = Ses vaisseaux : VC et VT de ses flottes, VI et VP de ses mondes
gui-arbiter-col-view-hint = Charger son CR et son NBT tels que l'arbitre les envoie

## arbiter-windows: rulings window (book sections, where a ruling applies)
gui-rulings-section = § { $number } « { $title } »
gui-rulings-section-number = § { $number }
gui-rulings-applies = S'applique à : { $areas }


## headerless: CR without header, file that is not a CR, recent files
gui-error-not-report = { $file } : { $reason }
gui-header-missing = Ce compte rendu n'indique pas son tour ou son joueur :
gui-header-stated = Tour et joueur de ce compte rendu, indiqués par vous :
gui-header-turn = Tour
gui-header-player = Joueur
gui-header-number = N°
gui-header-unknown-player = (inconnu)
gui-header-apply = Appliquer
gui-header-apply-hover = Le tour et le joueur indiqués servent comme s'ils étaient écrits dans le compte rendu : validation des ordres, carte, prévisualisation et brouillon des ordres les suivent.
gui-header-number-hover = Le numéro du joueur dans la partie (l'en-tête de ses comptes rendus le donne : « Joueur : "Maxtor":5 ») ; laissez vide s'il est inconnu.
gui-header-number-ask = inconnu : à indiquer
gui-turn-assumed = { $turn } (supposé)
gui-recent-opened = { $file } est rouvert à la place des tours chargés, avec { $count ->
    [0] aucun autre tour du même dossier
    [one] 1 autre tour du même dossier
   *[other] { $count } autres tours du même dossier
    }.
gui-editor-diagnostics-more = … et { $count ->
    [one] { $count } autre (corrigez les premiers pour voir la suite)
   *[other] { $count } autres (corrigez les premiers pour voir la suite)
}

## map: first view, badges
gui-map-fit-help = Revenir à mes mondes et à ce que je connais (la vue de départ)
gui-map-whole = Tout
gui-map-whole-help = Toute la galaxie
gui-map-badge-fleets = F
gui-map-badge-ships = V
gui-map-legend-badge = Flottes (F) et vaisseaux (V) d'un propriétaire sur un monde
gui-map-badge-counts = { $fleets ->
    [one] { $fleets } flotte
   *[other] { $fleets } flottes
}, { $ships ->
    [one] { $ships } vaisseau
   *[other] { $ships } vaisseaux
}
gui-map-badge-click = Chaque clic sur le badge sélectionne la flotte suivante.
gui-map-fleet-ships = { $ships ->
    [one] { $ships } vaisseau
   *[other] { $ships } vaisseaux
}

## lead: acknowledgement checksum
gui-editor-mail-checksum = Somme de contrôle SHA-256 de ces ordres (tels qu'exportés) :
gui-editor-mail-ack-checksum = Accusé de réception du serveur
gui-editor-mail-ack-checksum-hint = collez ici la ligne « somme de contrôle SHA-256 … » de l'accusé
gui-editor-mail-ack-none = Aucune somme de contrôle (64 chiffres hexadécimaux) dans ce texte.
gui-editor-mail-ack-same = ✔ Le serveur a exactement ces ordres.
gui-editor-mail-ack-different = ✘ Le serveur n'a pas ces ordres-ci : ils ont changé depuis l'envoi, ou l'accusé est celui d'une autre version. Renvoyez-les.

## Courrier (le serveur de mail de la partie, côté joueur)
gui-courrier-title = Courrier de la partie
gui-courrier-menu = Courrier de la partie…
gui-courrier-no-game = Ce compte rendu ne dit pas le nom de sa partie : le courrier du serveur en a besoin.
gui-courrier-heading = Partie { $game } · joueur { $player }
gui-courrier-settings = Réglages
gui-courrier-address = Adresse de la partie
gui-courrier-from = Votre adresse
gui-courrier-smtp-host = Serveur SMTP (pour l'envoi depuis l'application)
gui-courrier-smtp-port = Port
gui-courrier-smtp-user = Identifiant SMTP
gui-courrier-password = Mot de passe de la partie
gui-courrier-password-hint = Il entre dans le sujet de chaque requête. Gardé seulement dans le trousseau du système si vous le demandez, jamais dans un fichier.
gui-courrier-smtp-password = Mot de passe SMTP
gui-courrier-smtp-password-hint = Celui de votre serveur de courrier, pour l'envoi depuis l'application. Gardé seulement dans le trousseau du système si vous le demandez.
gui-courrier-keyring-looking = Recherche du trousseau du système…
gui-courrier-no-keyring = Pas de trousseau système ici : les mots de passe sont demandés à chaque session, jamais enregistrés.
gui-courrier-keep = Garder les mots de passe dans le trousseau du système
gui-courrier-keep-hint = Confiés au trousseau de votre système (Secret Service, Trousseau d'accès, Gestionnaire d'identification), jamais écrits dans un fichier de Nébutil ; repris à la prochaine session. Décocher les en retire.
gui-courrier-kept = Mots de passe gardés dans le trousseau du système.
gui-courrier-forgotten = Mots de passe retirés du trousseau du système.
gui-courrier-password-needed = Tapez le mot de passe de la partie : il fait partie du sujet de chaque requête.
gui-courrier-built = Le courrier, tel qu'il partira (mot de passe masqué ici) :
gui-courrier-send-program = Envoyer avec votre logiciel de courrier
gui-courrier-sent-program = Le courrier est passé à votre logiciel de courrier : envoyez-le depuis lui. S'il ne s'est pas ouvert, utilisez Copier.
gui-courrier-too-long = Trop long pour un lien : le courrier est copié. Collez-le dans un nouveau message à { $address } (la première ligne est le sujet).
gui-courrier-send-smtp = Envoyer par SMTP
gui-courrier-smtp-needed = Indiquez votre adresse et votre serveur SMTP dans les réglages.
gui-courrier-sent-smtp = Courrier envoyé.
gui-courrier-save-failed = Le courrier de la partie n'a pas pu être enregistré dans le dossier des données.
gui-courrier-orders = Les ordres du tour, tels que l'éditeur les contient ({ $lines ->
    [one] { $lines } ligne
   *[other] { $lines } lignes
}).
gui-courrier-acknowledgement = Message d'accusé de réception (facultatif)
gui-courrier-recipients = Destinataires :
gui-courrier-all = Tous (<All>)
gui-courrier-typed-recipients = Autres destinataires (numéros)
gui-courrier-typed-recipients-hint = Les numéros des joueurs à qui écrire, séparés par des virgules, pour ceux que vous ne connaissez pas encore de nom.
gui-courrier-no-recipient = Choisissez au moins un destinataire (ou Tous).
gui-courrier-no-text = Écrivez le texte du message.
gui-courrier-no-request = Cochez au moins une demande.
gui-courrier-copy = Copier
gui-courrier-copy-hint = Le sujet (première ligne) et le corps, à coller dans un nouveau message à l'adresse de la partie.
gui-courrier-copied = Courrier copié : collez-le dans un nouveau message à { $address } (la première ligne est le sujet).
gui-courrier-mode-plain = Signé
gui-courrier-mode-rumour = Rumeur anonyme (A)
gui-courrier-mode-multi = À plusieurs (M)
gui-courrier-text = Texte
gui-courrier-rumour-signed = Cette rumeur contient votre nom (« { $name } ») : elle ne serait plus anonyme.
gui-courrier-new-password = Nouveau mot de passe
gui-courrier-unchanged = inchangé
gui-courrier-yes = oui
gui-courrier-no = non
gui-courrier-email-hint = EMAIL remplace vos adresses (séparées par des virgules), ADDEMAIL en ajoute une ; l'une ou l'autre, seule dans son courrier.
gui-courrier-sent = Courrier envoyé ({ $count })
gui-courrier-acknowledged = reçu par le serveur : version { $version }
gui-courrier-waiting = en attente de l'accusé de réception
gui-courrier-reply = Réponse du serveur (vérification, prévision)
gui-courrier-replies = Réponses et messages reçus
gui-courrier-paste = Collez ici un courrier reçu du serveur (avec ses en-têtes) :
gui-courrier-read-paste = Lire
gui-courrier-ack-matched = Accusé de réception : la version { $version } est bien celle que vous avez envoyée.
gui-courrier-ack-unmatched = Accusé de réception de la version { $version } : ce ne sont pas les ordres envoyés d'ici (somme de contrôle différente).
gui-courrier-message-kept = Message gardé.
gui-courrier-not-filed = Ce courrier n'est ni un accusé de réception ni un message relayé (ou il n'a pas ses en-têtes).
gui-courrier-path = Fichier .eml, mbox ou dossier Maildir
gui-courrier-read-path = Lire ce fichier ou ce dossier
gui-courrier-read = { $acknowledged ->
    [one] { $acknowledged } réponse du serveur reconnue
   *[other] { $acknowledged } réponses du serveur reconnues
}, { $messages ->
    [one] { $messages } nouveau message
   *[other] { $messages } nouveaux messages
}.
gui-courrier-search = Chercher
gui-courrier-no-message = Aucun message.
gui-courrier-anonymous = anonyme
gui-courrier-from-player = joueur { $player }
gui-courrier-message-head = Tour { $turn } — { $sender }
gui-courrier-message-head-to = Tour { $turn } — { $sender }, { $count ->
    [one] au joueur { $recipients }
   *[other] aux joueurs { $recipients }
}
gui-courrier-orders-errors = { $errors ->
    [one] Vos ordres ont { $errors } erreur (voir l'éditeur) : l'arbitre refuserait cet ordre.
   *[other] Vos ordres ont { $errors } erreurs (voir l'éditeur) : l'arbitre refuserait ces ordres.
}
gui-courrier-send-anyway = Envoyer quand même
gui-courrier-orders-empty = Aucun ordre : ce courrier remplacerait les ordres déjà envoyés pour ce tour par rien.
gui-courrier-not-numbers = Pas des numéros de joueur, laissés de côté : { $words }
gui-courrier-msggen-hint = Recevoir les messages généraux (envoyés à tous). Oui par défaut.
gui-courrier-copie-hint = Recevoir une copie de chaque message que vous envoyez. Non par défaut.
gui-courrier-rumeur-hint = Recevoir les rumeurs (messages anonymes). Oui par défaut.
gui-courrier-plain = Sans chiffrement
gui-courrier-security-hint = STARTTLS (port 587) ou TLS (port 465) : la connexion est chiffrée. Sans chiffrement : seulement vers un serveur de cette machine (127.0.0.1).
gui-courrier-answered = réponse du serveur reçue
gui-courrier-via-program = passé au logiciel de courrier
gui-courrier-via-copied = copié
gui-courrier-via-smtp = envoyé par SMTP
gui-courrier-remove = Retirer
gui-courrier-remove-hint = Retirer de la liste (un courrier que votre logiciel de courrier n'a pas envoyé, par exemple).
gui-courrier-not-for-you = Ce message est entre d'autres joueurs : il n'est pas gardé.
gui-courrier-answer-matched = Réponse du serveur à votre { $request } : gardée avec lui dans le courrier envoyé.
gui-courrier-answer-unmatched = Réponse du serveur à un { $request } qui n'a pas été envoyé d'ici (ou qui a déjà sa réponse).
gui-courrier-you = vous
gui-courrier-not-this-game = Ce courrier est d'une autre partie ou pour un autre joueur : il n'est pas gardé.
gui-courrier-no-such-path = { $path } n'existe pas.
gui-courrier-answer-text = Réponse du serveur
gui-courrier-answer = Répondre
gui-courrier-answer-hint = Écrire un MESSAGE à ce joueur.

# Exporter la carte (SVG, PNG)
gui-menu-export-map = Exporter la carte…
gui-map-export-title = Exporter la carte
gui-map-export-format = Format :
gui-map-export-scale = Taille (PNG) :
gui-map-export-view = La vue actuelle
gui-map-export-whole = Toute la galaxie
gui-map-export-draft = Avec les ordres (le brouillon)
gui-map-export-save = Exporter…
gui-map-export-save-path = Saisir le chemin…
gui-map-export-path-title = Exporter la carte vers un fichier
gui-map-export-path-label = Fichier de l'image
gui-map-export-path-save = Écrire l'image
gui-map-exported = Carte exportée vers { $file }
gui-map-export-failed = Impossible d'exporter la carte vers { $file } : { $error }
gui-map-export-empty = Aucune carte à exporter : la galaxie n'est pas encore connue.
gui-map-export-heading = { $seat } — tour { $turn }

## The orders printable (editor)
gui-editor-print = Imprimer
gui-editor-print-html = Exporter pour impression (HTML)…
gui-editor-print-text = Exporter pour impression (texte)…
gui-editor-print-path = Impression vers un chemin…
gui-editor-print-path-html = Enregistrer en HTML
gui-editor-print-path-text = Enregistrer en texte
gui-editor-printable-exported = Ordres pour impression exportés dans { $file } (ouvrez-le dans un navigateur pour l'imprimer)
gui-editor-dialog-filter-html = Pages HTML

## The plots window's CSV export
gui-plots-export = Exporter (CSV)…
gui-plots-export-hint = Les statistiques de chaque tour chargé, le score, sa variation et les classements espionnés : une ligne par tour.
gui-plots-export-path = Exporter les statistiques vers un chemin…
gui-plots-export-title = Exporter les statistiques (CSV)
gui-plots-export-filter = Fichiers CSV
gui-plots-export-path-label = Fichier CSV
gui-plots-export-save = Enregistrer le CSV
gui-plots-separator = Séparateur :
gui-plots-separator-comma = virgule
gui-plots-separator-semicolon = point-virgule
gui-plots-exported = Statistiques exportées vers { $file }
gui-plots-export-failed = Impossible d'écrire { $file } : { $error }

## The CR printable (its text tab)
gui-print-report = Imprimer le compte rendu
gui-print-title = Exporter pour impression
gui-print-path-label = Fichier à écrire
gui-print-exported = Compte rendu pour impression exporté vers { $file } (ouvrez-le dans un navigateur pour l'imprimer)
gui-print-failed = Impossible d'écrire { $file } : { $error }
