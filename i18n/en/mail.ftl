# The arbiter's mail robot (`nebutil mail`): replies to players and command-line messages.
mail-re-error = Nebula: request refused
mail-re-notice = Nebula: reply sent elsewhere
mail-re-message = Nebula: message relayed
mail-re-config = Nebula: your settings
mail-re-info = Nebula: information
mail-too-large = Your mail is too large (over 1 MB): it was not read.
mail-html-only = Your mail holds HTML only: the server reads plain text. Set your mail program to send plain text, then send it again.
mail-unknown-request = The subject “{ $subject } …” is not a server request. Subjects: ORDRES GAME N Password, MESSAGE GAME N Password [A|M] <to,…>, CONFIG GAME N Password, INFO GAME N Password; the body between DEBUT and FIN.
mail-wrong-password = Unknown game, player or password (game { $game }, player { $player }): request ignored.
mail-re-received = Nebula: request received
mail-received-unregistered = Your address is not registered for this player. If the game, the player number and the password are right, the request is carried out and the answer goes to the player's registered addresses; otherwise nothing is done.
mail-password-used-elsewhere = Your password was used from an address that is not registered: { $address } (request { $request }). If it was not you, change it (CONFIG, PASSWORD) and tell the arbiter.
mail-too-complex = Your mail has too many parts (over 64, or more than 8 nested levels): it was not read. Send it as plain text, with the orders in the body or in one .txt attachment.
mail-orders-game-over = The game { $game } is over (last turn played: { $turn }): the server takes no more orders. Nothing was stored.
mail-orders-undecodable = The text of your mail could not be decoded (a damaged transfer encoding): nothing was stored, your stored orders are those of before. Send them again as plain text.
mail-orders-empty = Your mail holds no orders (no DEBUT line, no text): nothing was stored, your stored orders are those of before. To clear your orders, send DEBUT then FIN with nothing between.
mail-message-rate = Message not relayed: at most { $count ->
    [one] { $count } message
   *[other] { $count } messages
} an hour. Send it again later.
mail-message-attachments-dropped = { $count ->
    [one] One attachment was not relayed
   *[other] { $count } attachments were not relayed
} (at most { $max ->
    [one] { $max } text file
   *[other] { $max } text files
} of { $kib } KiB each).
mail-password-blank = Password refused: it may not contain a blank.
mail-password-short = Password refused: it needs at least { $min ->
    [one] { $min } character
   *[other] { $min } characters
}.
mail-config-too-many-addresses = EMAIL and ADDEMAIL take at most { $max ->
    [one] { $max } address
   *[other] { $max } addresses
}: nothing changed.
mail-config-invalid-addresses = Invalid address(es): { $invalid }; nothing changed.
mail-request-errors = Errors in your request:
mail-orders-subject = Nebula { $game }: orders received, player { $player } version { $version } { $message }
mail-orders-stored = Orders of player { $player } for turn { $turn } of { $game } stored: version { $version }, { $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
}, SHA-256 checksum { $checksum }. These are your current orders.
mail-orders-older = Orders of player { $player } for turn { $turn } of { $game } received: version { $version }, { $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
}, SHA-256 checksum { $checksum }. WARNING: this mail is dated before the current version; it is kept but is NOT your current orders. Send it again if these are your latest orders.
mail-orders-message = Your message: “{ $message }”
mail-orders-no-diagnostic = Checked against your CR: no remark.
mail-orders-diagnostics = Checked against your CR: { $count ->
    [one] { $count } remark
   *[other] { $count } remarks
}:
mail-orders-forecast = Forecast (the turn resolved on your own reports only, with your orders only, as Nébutil NG's preview does; the other players may change everything):
mail-forecast-more = … and { $count } { $count ->
    [one] other change
   *[other] other changes
}
mail-relay-rumour = Rumour
mail-relay-from = Message from player { $player }
mail-relay-multi = Message from player { $player } to players { $recipients }
mail-relay-answer-multi = To answer everyone: MESSAGE { $game } N Password M <{ $recipients }>
mail-message-sent = Message relayed to players: { $recipients }
mail-message-unknown = Unknown recipients: { $recipients }
mail-config-current = Settings: addresses { $emails }; MSGGEN { $msggen }; COPIE { $copie }; RUMEUR { $rumeur }.
mail-config-password = Password changed.
mail-config-confirm-sent = A confirmation mail went to { $addresses }: answer it to make the change.
mail-confirm-ask = Player { $player } of game { $game } wants his mail at { $addresses }. To confirm, answer this mail without changing its subject.
mail-confirm-done = Address change confirmed.
mail-info-count = Orders stored for turn { $turn }: { $count }
mail-info-orders = Your stored orders for turn { $turn } (version { $version }, SHA-256 { $checksum }):
mail-info-no-orders = No orders stored for turn { $turn }.
mail-info-cr = Your CR of turn { $turn }: { $files ->
    [one] { $files } file attached
   *[other] { $files } files attached
}.
mail-info-empty = No information asked (NBORDRES, ORDRES, CR between DEBUT and FIN).
mail-turn-subject = Nebula { $game }: CR of turn { $turn }
mail-turn-body = Turn { $turn } of { $game } is played. Here are player { $player }'s CR and .NBT file.
mail-turn-correction-subject = {" "}(correction)
mail-turn-correction = CORRECTION: the arbiter played the previous turn again. This CR of turn { $turn } replaces the one sent to you earlier; disregard the old one.
mail-turn-password = Your password for the server of the game { $game } (player { $player }): { $password }
    It goes in the subject of every request (ORDRES { $game } { $player } { $password }). Change it whenever you like: a CONFIG { $game } { $player } { $password } mail with PASSWORD new-password between DEBUT and FIN.
mail-cli-password-prompt = Player's password: 
mail-cli-deadline-invalid = Unreadable or impossible deadline: “{ $date }”. Write YYYY-MM-DD HH:MM (UTC), an RFC 2822 date or @SECONDS since 1970.
mail-cli-deadline-past = The deadline “{ $date }” falls before turn { $turn } began: give a date to come.
mail-cli-bad-address = “{ $address }” is not a mail address (name@domain, without a display name).
mail-cli-passwd-done = Player { $player } registered: { $emails }.
mail-cli-no-password = No password read on standard input.
mail-cli-run-done = { $processed ->
    [one] { $processed } mail processed
   *[other] { $processed } mails processed
}, { $replies ->
    [one] { $replies } reply written
   *[other] { $replies } replies written
}, { $sent } sent.
mail-cli-run-withdrawn = { $count ->
    [one] { $count } CR of an undone turn taken out of the outbox before it left
   *[other] { $count } CRs of an undone turn taken out of the outbox before they left
}.
mail-cli-run-failed = { $count ->
    [one] { $count } unreadable mail set aside
   *[other] { $count } unreadable mails set aside
} in mail/inbox/failed (see mail/robot.log).
mail-cli-run-unsent = { $count ->
    [one] { $count } reply refused by the SMTP server, set aside
   *[other] { $count } replies refused by the SMTP server, set aside
} in mail/outbox/failed (see mail/robot.log).
mail-cli-run-deferred = { $count ->
    [one] { $count } mail from an unregistered address waits
   *[other] { $count } mails from unregistered addresses wait
} for the next run (this run's password checks are spent).
mail-cli-run-later = { $count ->
    [one] { $count } reply could not leave now; it will be sent
   *[other] { $count } replies could not leave now; they will be sent
} at the next run (see mail/robot.log).
mail-cli-bad-player = Player { $player } is not in this game.
mail-remind-subject = Nebula { $game }: reminder, orders of turn { $turn }
mail-remind-none = The deadline of turn { $turn } of { $game } is near and the server holds no orders from you.
mail-remind-errors = The deadline of turn { $turn } of { $game } is near and your stored orders have { $count ->
    [one] { $count } error
   *[other] { $count } errors
}:
mail-orders-late = WARNING: this mail is dated before turn { $turn } began (written for the previous turn?); it is stored for turn { $turn }.
post-error-address = "{ $address }" is not a mail address.
post-error-plain-remote = An unencrypted connection only goes to a server on this machine, not to { $host }: choose STARTTLS or TLS.
post-error-smtp = The mail server refused to send it: { $detail }
post-error-unreachable = The mail server { $server } could not be reached ({ $detail }): check the server, port and encryption in the settings.
post-keyring-unavailable = No system keyring reachable ({ $detail }).
post-keyring-failed = The system keyring refused: { $detail }
