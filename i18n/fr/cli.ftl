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
