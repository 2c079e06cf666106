# cli messages (fr) — la ligne de commande (src/cli)

cli-cannot-read = impossible de lire { $file } : { $error }
cli-no-gui = ce nebutil est construit sans l'application de bureau (fonction « gui ») ; pour lire un compte rendu : nebutil report { $file }

cli-header = Partie { $game } — tour { $turn } — joueur { $player } ({ $class }) — points : { $score }
cli-galaxy = Galaxie de { $width } × { $height }
cli-counts = Mondes décrits : { $worlds } (dont { $own_worlds } à vous) · flottes : { $fleets } (dont { $own_fleets } à vous) · traces : { $traces } · trésors : { $treasures }
cli-own-worlds = Vos mondes
cli-own-fleets = Vos flottes
cli-none = (aucun)
cli-diagnostics = Diagnostics : { $errors ->
        [one] { $errors } erreur
       *[other] { $errors } erreurs
    }, { $warnings ->
        [one] { $warnings } avertissement
       *[other] { $warnings } avertissements
    }, { $infos ->
        [one] { $infos } information
       *[other] { $infos } informations
    }

cli-col-world = Monde
cli-col-connections = Connexions
cli-col-industries = I
cli-col-vi = VI
cli-col-population = P
cli-col-vp = VP
cli-col-mp = MP
cli-col-coords = Coord.
cli-col-fleet = Flotte
cli-col-vc = VC
cli-col-vt = VT
cli-col-cargo = Cargaison
cli-bad-ruling-id = « { $id } » n'est pas un numéro de règle (ex. : G-17 ou 17)
cli-cannot-write = impossible d'écrire { $file } : { $error }
cli-game-list-length = { $option } donne { $given ->
    [one] { $given } valeur
   *[other] { $given } valeurs
} pour { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}
cli-game-bad-class = classe inconnue « { $class } » (Empereur, Pirate, Antiquaire, Missionnaire, Robotron, Explorateur, Marchand)
cli-game-not-empty = le dossier { $dir } n'est pas vide : rien n'est écrasé, choisissez un autre dossier
cli-game-no-seat = --computer { $seat } : la partie n'a pas de joueur { $seat }.
cli-game-passwords = Mots de passe tirés (donnés une seule fois ici ; chaque joueur reçoit le sien avec son premier CR) :
cli-game-password-line = {"  "}joueur { $player } « { $name } » ({ $emails }) : { $password }
cli-game-created = partie créée dans { $dir } : { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
}, { $files ->
    [one] { $files } fichier
   *[other] { $files } fichiers
}
cli-game-show-header = Partie { $game } — règles { $ruleset } — tour { $turn } sur { $final } (tour final secret) — { $worlds ->
    [one] { $worlds } monde
   *[other] { $worlds } mondes
}
cli-game-unnamed = (sans nom)
cli-game-standings = Classement
cli-game-col-name = Joueur
cli-game-col-class = Classe
cli-game-col-score = Score
cli-game-col-worlds = Mondes
cli-game-col-fleets = Flottes
cli-game-col-ships = Vaisseaux
cli-game-player-summary = Joueur { $number } « { $name } » : score { $score } { $gained }, population { $population }, industries { $industries }, MP { $mp }, trésors { $treasures }
cli-game-turn-exists = { $file } existe déjà : rien n'est écrasé (ce tour a-t-il déjà été résolu ?)
cli-game-undone = dernier tour annulé : la partie est revenue au tour { $turn } (ses fichiers d'ordres sont gardés).
cli-game-turn-computer = { $count ->
    [one] ordres du joueur joué par l'ordinateur écrits
   *[other] ordres des { $count } joueurs joués par l'ordinateur écrits
}.
cli-game-turn-done = tour { $turn } résolu → tour { $next } : { $orders ->
    [one] { $orders } ordre
   *[other] { $orders } ordres
}, { $voided ->
    [one] { $voided } annulé
   *[other] { $voided } annulés
}, { $onr ->
    [one] { $onr } joueur sans ordres
   *[other] { $onr } joueurs sans ordres
} ; { $files ->
    [one] { $files } fichier écrit
   *[other] { $files } fichiers écrits
}

## lead: crash-safe turns
cli-game-busy = la partie est déjà utilisée par un autre programme (un tour en cours de résolution, l'application ou le robot de courrier) : verrou { $file }. Réessayez quand il aura fini.
cli-game-turn-rolled-back = un tour interrompu avant d'être enregistré a été annulé : la partie est telle qu'avant lui, il est résolu à nouveau.
cli-game-turn-completed = le tour { $turn }, interrompu pendant son enregistrement, est maintenant complet ({ $files ->
    [one] { $files } fichier
   *[other] { $files } fichiers
}, les mêmes qu'une résolution sans interruption). Rien d'autre n'a été résolu.

## headerless: a file that is not a CR
cli-not-a-report = { $file } : { $reason }
cli-ally-refused = { $file } ne peut pas servir de compte rendu d'allié : { $reason }
cli-report-ally = Allié « { $player } » (tour { $turn }) : { $worlds } { $worlds ->
    [one] monde
   *[other] mondes
} et { $fleets } { $fleets ->
    [one] flotte
   *[other] flottes
} que votre CR ne montre pas. { $list }

## bounded: files too large for their kind
cli-file-too-large = { $file } n'est pas lu : il fait { $megabytes } Mo, plus que les { $max } Mo permis pour ce genre de fichier.
cli-file-is-directory = impossible de lire { $file } : c'est un dossier.
cli-file-binary = impossible de lire { $file } : ce n'est pas un fichier texte.
cli-orders-summary = { $errors ->
    [one] { $errors } erreur
   *[other] { $errors } erreurs
}, { $warnings ->
    [one] { $warnings } avertissement
   *[other] { $warnings } avertissements
} ({ $orders ->
    [one] { $orders } ordre
   *[other] { $orders } ordres
})
cli-orders-preview-assumptions = Hypothèses :

## nebutil report CR… --csv / --series-json
cli-report-one-cr = plusieurs comptes rendus ne se lisent ensemble qu'avec --csv ou --series-json (les statistiques au fil des tours) : sinon, un seul.
cli-series-left-out = { $file } : laissé de côté, ce n'est pas un tour de ce joueur dans cette partie.
