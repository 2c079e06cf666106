# report messages (en)

## CR reader (report::read). Codes `cr-…`.

cr-syntax = unreadable character { $found }: the line is skipped
cr-unexpected-end = the line ends too early: it is skipped
cr-number-too-large = number too large: the line is skipped
cr-unknown-line = unknown line: it is skipped
cr-unknown-indented-line = unknown indented line: it is skipped (a world annotation)
cr-continuation-without-world = world items without a world line above: the line is skipped
cr-name-without-world = "Nom" or "Corrompu par" without a world line above: the line is skipped
cr-unknown-declaration = unknown declaration (expected A, C, CP, DP, PI or J): the line is skipped
cr-unknown-class = unknown character class
cr-markdown-bold = markdown bold "**" ignored
cr-ships-block-repaired = malformed ships block, read as "[]=n"
cr-unclosed-quote = missing closing quote, added before the rest of the line
cr-owner-spacing = space before ":" in the owner block, ignored
cr-trailing-punctuation = trailing full stop ignored
cr-world-incomplete = world without its connection list: read as a mere mention
cr-fleet-incomplete = fleet without owner or ships: read as a mere mention
cr-unclosed-treasure = missing closing ">" after the treasure's name
cr-unclosed-trace = missing closing "{ "}" }" after the trace
cr-several-converts = several groups of converts on one world: only the first is kept
cr-duplicate-world = this world is already described above in the CR
cr-orphan-player-list = player list outside "Vous connaissez de nom"
