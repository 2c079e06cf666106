# rules messages (en)
rules-syntax = Unreadable ruleset file: { $detail }
rules-unknown-field = Unknown field “{ $field }” in { $section }; allowed fields: { $allowed }
rules-missing-field = Field “{ $field }” missing from { $section } (every field must be present)
rules-duplicate-field = Field “{ $field }” written twice in { $section }
rules-unknown-value = Unknown value “{ $value }” for { $field }; allowed values: { $allowed }
rules-wrong-type = { $field }: expected { $expected }, found { $found }
rules-invalid-value = { $field }: { $detail }
rules-unknown-builtin = Unknown built-in ruleset “{ $name }”; available: { $allowed }
rules-zero = { $field } must be greater than 0
rules-zero-denominator = { $field }: the fraction's denominator is zero
rules-not-probability = { $field }: { $value } is not a probability (between 0 and 1)
rules-percent-too-large = { $field }: { $value } % is above 100 %
rules-range-inverted = { $field }: the minimum { $low } is above the maximum { $high }
rules-above-maximum = { $field }: { $value } is above the maximum { $max }
rules-missing-class = { $field }: class { $class } is missing
rules-missing-tech = { $field }: technology { $tech } is missing
rules-max-below-initial = { $field }: maximum level { $max } is below the initial level { $initial }
rules-unbounded-combat-tech = { $field }: ATT and DEF need a maximum level (the CAtt and CDef tables are finite)
rules-table-empty = { $field }: the table is empty
rules-table-not-increasing = { $field }: the table must increase ({ $value } at level { $level } after { $previous })
rules-table-not-decreasing = { $field }: the table must decrease
rules-table-too-short = { $field }: { $found } levels, { $needed } needed (highest level, plus the Jihad for ATT)
rules-vocabulary-too-small = { $field }: the treasure vocabulary has only { $nouns } nouns and { $adjectives } adjectives
rules-family-too-large = { $field }: a family of { $size ->
    [one] { $size } treasure
   *[other] { $size } treasures
} is impossible (at most { $max })
