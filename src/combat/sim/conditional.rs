//! Which conditional fire orders go off (VII.1.3, catalog §7 row 14a): a pure function
//! over "who fires at whom", usable by the simulator and the resolver alike.

/// One fire order of the step: its issuer, the owners of what it aims at, and
/// whether it is conditional (`?`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireIntent {
    /// The player (side) giving the order.
    pub issuer: usize,
    /// The owners of the designated target (a fleet's owner; the world owner for
    /// `M`, `P`, `I`; the converts' missionaries for `VP * C`; nobody for `VP * N`).
    pub victims: Vec<usize>,
    pub conditional: bool,
}

/// Which of `intents` fire: every unconditional order, and every conditional order
/// whose target's owner fires at its issuer or at a player the issuer declared
/// allied (`allied(issuer, other)`).
///
/// Ruling G-69 (VII.1.3): a conditional fire goes off when the owner of its designated target
/// fires this step (unconditionally or through a triggered conditional) at any unit of the
/// issuer or of a player the issuer declared ally.
///
/// Ruling G-71 (VII.1.3): conditional fires are settled as a fixpoint starting from the
/// unconditional fires: a triggered conditional is itself an aggression that may trigger others,
/// and two conditionals aimed at each other with nothing else firing both stay silent.
pub fn triggered(intents: &[FireIntent], allied: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut fires: Vec<bool> = intents.iter().map(|i| !i.conditional).collect();
    loop {
        // Who fires at whom this step so far, as (aggressor, victim) sides: a few
        // pairs whatever the number of fire orders.
        let aggressions: std::collections::BTreeSet<(usize, usize)> = intents
            .iter()
            .zip(&fires)
            .filter(|(_, firing)| **firing)
            .flat_map(|(other, _)| other.victims.iter().map(|&v| (other.issuer, v)))
            .collect();
        let mut changed = false;
        for (index, intent) in intents.iter().enumerate() {
            if fires.get(index).copied().unwrap_or(true) {
                continue;
            }
            let provoked = aggressions.iter().any(|&(aggressor, v)| {
                intent.victims.contains(&aggressor)
                    && (v == intent.issuer || allied(intent.issuer, v))
            });
            if provoked && let Some(slot) = fires.get_mut(index) {
                *slot = true;
                changed = true;
            }
        }
        if !changed {
            return fires;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intent(issuer: usize, victims: &[usize], conditional: bool) -> FireIntent {
        FireIntent {
            issuer,
            victims: victims.to_vec(),
            conditional,
        }
    }

    #[test]
    fn chains_and_mutual_conditionals() {
        let none = |_: usize, _: usize| false;
        // 0 fires at 1; 1 answers conditionally; 2 answers 1 conditionally → chain.
        let fires = triggered(
            &[
                intent(0, &[1], false),
                intent(1, &[0], true),
                intent(2, &[1], true),
            ],
            none,
        );
        assert_eq!(fires, vec![true, true, false], "1 never fired at 2");
        // Two conditionals at each other: silence.
        let fires = triggered(&[intent(0, &[1], true), intent(1, &[0], true)], none);
        assert_eq!(fires, vec![false, false]);
        // An ally attacked triggers.
        let fires = triggered(&[intent(0, &[1], false), intent(2, &[0], true)], |a, b| {
            (a, b) == (2, 1)
        });
        assert_eq!(fires, vec![true, true]);
        // `VP * N` (no victim) never triggers.
        let fires = triggered(&[intent(0, &[1], false), intent(1, &[], true)], none);
        assert_eq!(fires, vec![true, false]);
    }
}
