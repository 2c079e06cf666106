# Le robot de courrier de l'arbitre (`nebutil mail`) : réponses aux joueurs et messages de la ligne de commande.
mail-re-error = Nebula : requête refusée
mail-re-notice = Nebula : réponse envoyée ailleurs
mail-re-message = Nebula : message transmis
mail-re-config = Nebula : votre configuration
mail-re-info = Nebula : informations
mail-too-large = Votre mail est trop gros (plus de 1 Mo) : il n'a pas été lu.
mail-html-only = Votre mail ne contient que du HTML : le serveur lit seulement le texte brut. Réglez votre logiciel de mail pour envoyer du texte (« texte brut »), puis renvoyez-le.
mail-unknown-request = Le sujet « { $subject } … » n'est pas une requête du serveur. Les sujets possibles : ORDRES PARTIE J MotDePasse, MESSAGE PARTIE J MotDePasse [A|M] <dest,…>, CONFIG PARTIE J MotDePasse, INFO PARTIE J MotDePasse ; le corps entre DEBUT et FIN.
mail-wrong-password = Partie, joueur ou mot de passe inconnu (partie { $game }, joueur { $player }) : requête ignorée.
mail-re-received = Nebula : requête reçue
mail-received-unregistered = Votre adresse n'est pas enregistrée pour ce joueur. Si la partie, le numéro de joueur et le mot de passe sont justes, la requête est faite et la réponse part vers les adresses enregistrées du joueur ; sinon, rien n'est fait.
mail-password-used-elsewhere = Votre mot de passe a servi depuis une adresse qui n'est pas enregistrée : { $address } (requête { $request }). Si ce n'est pas vous, changez-le (CONFIG, PASSWORD) et prévenez l'arbitre.
mail-too-complex = Votre mail a trop de parties (plus de 64, ou plus de 8 niveaux imbriqués) : il n'a pas été lu. Envoyez-le en texte brut, les ordres dans le corps ou dans une seule pièce jointe .txt.
mail-orders-game-over = La partie { $game } est terminée (dernier tour joué : { $turn }) : le serveur ne prend plus d'ordres. Rien n'a été enregistré.
mail-orders-undecodable = Le texte de votre mail n'a pas pu être décodé (encodage de transfert abîmé) : rien n'a été enregistré, vos ordres stockés restent ceux d'avant. Renvoyez-les en texte brut.
mail-orders-empty = Votre mail ne contient aucun ordre (ni ligne DEBUT, ni texte) : rien n'a été enregistré, vos ordres stockés restent ceux d'avant. Pour effacer vos ordres, envoyez DEBUT puis FIN sans rien entre les deux.
mail-message-rate = Message non transmis : au plus { $count ->
    [one] { $count } message
   *[other] { $count } messages
} par heure. Renvoyez-le plus tard.
mail-message-attachments-dropped = { $count ->
    [one] Une pièce jointe n'a pas été transmise
   *[other] { $count } pièces jointes n'ont pas été transmises
} (au plus { $max ->
    [one] { $max } pièce de texte
   *[other] { $max } pièces de texte
} de { $kib } Kio chacune).
mail-password-blank = Mot de passe refusé : il ne peut pas contenir d'espace.
mail-password-short = Mot de passe refusé : il faut au moins { $min ->
    [one] { $min } caractère
   *[other] { $min } caractères
}.
mail-config-too-many-addresses = EMAIL et ADDEMAIL prennent au plus { $max ->
    [one] { $max } adresse
   *[other] { $max } adresses
} : rien n'a changé.
mail-config-invalid-addresses = Adresse(s) invalide(s) : { $invalid } ; rien n'a changé.
mail-request-errors = Erreurs dans votre requête :
mail-orders-subject = Nebula { $game } : AR ordres joueur { $player } version { $version } { $message }
mail-orders-stored = Ordres du joueur { $player } pour le tour { $turn } de { $game } stockés : version { $version }, { $lines ->
    [one] { $lines } ligne
   *[other] { $lines } lignes
}, somme de contrôle SHA-256 { $checksum }. Ce sont vos ordres courants.
mail-orders-older = Ordres du joueur { $player } pour le tour { $turn } de { $game } reçus : version { $version }, { $lines ->
    [one] { $lines } ligne
   *[other] { $lines } lignes
}, somme de contrôle SHA-256 { $checksum }. ATTENTION : ce mail est daté d'avant la version courante ; il est gardé mais n'est PAS vos ordres courants. Renvoyez-le si ce sont bien vos derniers ordres.
mail-orders-message = Votre message : « { $message } »
mail-orders-no-diagnostic = Vérification contre votre CR : aucune remarque.
mail-orders-diagnostics = Vérification contre votre CR : { $count ->
    [one] { $count } remarque
   *[other] { $count } remarques
} :
mail-orders-forecast = Prévision (le tour résolu sur vos seuls comptes rendus, avec vos seuls ordres, comme l'aperçu de Nébutil NG ; les autres joueurs peuvent tout changer) :
mail-forecast-more = … et { $count } { $count ->
    [one] autre changement
   *[other] autres changements
}
mail-relay-rumour = Rumeur
mail-relay-from = Message du joueur { $player }
mail-relay-multi = Message du joueur { $player } aux joueurs { $recipients }
mail-relay-answer-multi = Pour répondre à tous : MESSAGE { $game } J MotDePasse M <{ $recipients }>
mail-message-sent = Message transmis aux joueurs : { $recipients }
mail-message-unknown = Destinataires inconnus : { $recipients }
mail-config-current = Configuration : adresses { $emails } ; MSGGEN { $msggen } ; COPIE { $copie } ; RUMEUR { $rumeur }.
mail-config-password = Mot de passe changé.
mail-config-confirm-sent = Un mail de confirmation est parti vers { $addresses } : répondez-y pour valider le changement.
mail-confirm-ask = Le joueur { $player } de la partie { $game } veut recevoir ses mails à { $addresses }. Pour confirmer, répondez à ce mail sans changer son sujet.
mail-confirm-done = Changement d'adresse confirmé.
mail-info-count = Ordres stockés pour le tour { $turn } : { $count }
mail-info-orders = Vos ordres stockés pour le tour { $turn } (version { $version }, SHA-256 { $checksum }) :
mail-info-no-orders = Aucun ordre stocké pour le tour { $turn }.
mail-info-cr = Votre CR du tour { $turn } : { $files ->
    [one] { $files } fichier joint
   *[other] { $files } fichiers joints
}.
mail-info-empty = Aucune information demandée (NBORDRES, ORDRES, CR entre DEBUT et FIN).
mail-turn-subject = Nebula { $game } : CR du tour { $turn }
mail-turn-body = Le tour { $turn } de { $game } est joué. Voici le CR et le fichier .NBT du joueur { $player }.
mail-turn-correction-subject = {" "}(correction)
mail-turn-correction = CORRECTION : l'arbitre a rejoué le tour précédent. Ce CR du tour { $turn } remplace celui qui vous a été envoyé plus tôt ; ne tenez plus compte de l'ancien.
mail-turn-password = Votre mot de passe pour le serveur de la partie { $game } (joueur { $player }) : { $password }
    Il sert dans le sujet de chaque requête (ORDRES { $game } { $player } { $password }). Changez-le quand vous voulez : un mail CONFIG { $game } { $player } { $password } avec PASSWORD nouveau-mot-de-passe entre DEBUT et FIN.
mail-cli-password-prompt = Mot de passe du joueur : 
mail-cli-deadline-invalid = Date limite illisible ou impossible : « { $date } ». Écrivez AAAA-MM-JJ HH:MM (UTC), une date RFC 2822 ou @SECONDES depuis 1970.
mail-cli-deadline-past = La date limite « { $date } » tombe avant le début du tour { $turn } : donnez une date à venir.
mail-cli-bad-address = « { $address } » n'est pas une adresse de courrier (nom@domaine, sans nom affiché).
mail-cli-passwd-done = Joueur { $player } enregistré : { $emails }.
mail-cli-no-password = Aucun mot de passe lu sur l'entrée standard.
mail-cli-run-done = { $processed ->
    [one] { $processed } mail traité
   *[other] { $processed } mails traités
}, { $replies ->
    [one] { $replies } réponse écrite
   *[other] { $replies } réponses écrites
}, { $sent ->
    [one] { $sent } envoyée
   *[other] { $sent } envoyées
}.
mail-cli-run-withdrawn = { $count ->
    [one] { $count } CR d'un tour annulé retiré de la boîte d'envoi avant de partir
   *[other] { $count } CR d'un tour annulé retirés de la boîte d'envoi avant de partir
}.
mail-cli-run-failed = { $count ->
    [one] { $count } mail illisible mis de côté
   *[other] { $count } mails illisibles mis de côté
} dans mail/inbox/failed (voir mail/robot.log).
mail-cli-run-unsent = { $count ->
    [one] { $count } réponse refusée par le serveur SMTP, mise de côté
   *[other] { $count } réponses refusées par le serveur SMTP, mises de côté
} dans mail/outbox/failed (voir mail/robot.log).
mail-cli-run-deferred = { $count ->
    [one] { $count } mail d'une adresse non enregistrée attend le prochain passage
   *[other] { $count } mails d'adresses non enregistrées attendent le prochain passage
} (vérifications de mot de passe de ce passage épuisées).
mail-cli-run-later = { $count ->
    [one] { $count } réponse n'a pas pu partir maintenant ; elle repartira
   *[other] { $count } réponses n'ont pas pu partir maintenant ; elles repartiront
} au prochain passage (voir mail/robot.log).
mail-cli-bad-player = Joueur { $player } inconnu dans cette partie.
mail-remind-subject = Nebula { $game } : rappel, ordres du tour { $turn }
mail-remind-none = La date limite du tour { $turn } de { $game } approche et le serveur n'a aucun ordre de vous.
mail-remind-errors = La date limite du tour { $turn } de { $game } approche et vos ordres stockés ont { $count ->
    [one] { $count } erreur
   *[other] { $count } erreurs
} :
mail-orders-late = ATTENTION : ce mail est daté d'avant le début du tour { $turn } (écrit pour le tour précédent ?) ; il est stocké pour le tour { $turn }.
post-error-address = « { $address } » n'est pas une adresse de courrier.
post-error-plain-remote = Une connexion non chiffrée ne va qu'à un serveur de cette machine, pas à { $host } : choisissez STARTTLS ou TLS.
post-error-smtp = Le serveur de courrier a refusé l'envoi : { $detail }
post-error-unreachable = Le serveur de courrier { $server } n'a pas pu être joint ({ $detail }) : vérifiez le serveur, le port et le chiffrement dans les réglages.
post-keyring-unavailable = Pas de trousseau système joignable ({ $detail }).
post-keyring-failed = Le trousseau du système a refusé : { $detail }
