# rules messages (fr)
rules-syntax = Fichier de règles illisible : { $detail }
rules-unknown-field = Champ inconnu « { $field } » dans { $section } ; champs possibles : { $allowed }
rules-missing-field = Champ « { $field } » absent de { $section } (chaque champ doit être présent)
rules-duplicate-field = Champ « { $field } » écrit deux fois dans { $section }
rules-unknown-value = Valeur « { $value } » inconnue pour { $field } ; valeurs possibles : { $allowed }
rules-wrong-type = { $field } : { $expected } attendu, { $found } trouvé
rules-invalid-value = { $field } : { $detail }
rules-unknown-builtin = Règles intégrées « { $name } » inconnues ; règles possibles : { $allowed }
rules-zero = { $field } doit être supérieur à 0
rules-zero-denominator = { $field } : le dénominateur de la fraction est nul
rules-not-probability = { $field } : { $value } n'est pas une probabilité (entre 0 et 1)
rules-percent-too-large = { $field } : { $value } % dépasse 100 %
rules-range-inverted = { $field } : le minimum { $low } dépasse le maximum { $high }
rules-above-maximum = { $field } : { $value } dépasse le maximum { $max }
rules-missing-class = { $field } : la classe { $class } manque
rules-missing-tech = { $field } : la technologie { $tech } manque
rules-max-below-initial = { $field } : niveau maximal { $max } inférieur au niveau initial { $initial }
rules-unbounded-combat-tech = { $field } : ATT et DEF doivent avoir un niveau maximal (les tables CAtt et CDef sont finies)
rules-table-empty = { $field } : la table est vide
rules-table-not-increasing = { $field } : la table doit croître ({ $value } au niveau { $level } après { $previous })
rules-table-not-decreasing = { $field } : la table doit décroître
rules-table-too-short = { $field } : { $found } niveaux, il en faut { $needed } (niveau maximal, plus le Jihad pour l'ATT)
rules-vocabulary-too-small = { $field } : le vocabulaire des trésors n'a que { $nouns } noms et { $adjectives } adjectifs
rules-family-too-large = { $field } : une famille de { $size ->
    [one] { $size } trésor
   *[other] { $size } trésors
} est impossible (au plus { $max })
