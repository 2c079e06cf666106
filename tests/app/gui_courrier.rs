//! The "Courrier" window: every request built from controls and checked by
//! the robot's parser, the game's address kept per game (never the password),
//! a reply pasted and filed (an acknowledgement matched to the orders sent,
//! a rumour kept without sender), a mailto link too long for one copied.

use egui_kittest::kittest::{NodeT, Queryable};
use nebutil::game::mailbox::{checksum, facts_value};
use nebutil::gui::{Command, NebutilApp, WindowId};
use nebutil::orders::mail::{Credentials, MailKind, OrdersMail};

use crate::support::app::{app_with, retype};

type AppHarness<'a> = egui_kittest::Harness<'a, NebutilApp>;

/// Runs frames one at a time (a spinner turns while the keyring answers,
/// from another thread) until `done`, for at most 20 s; `what` names it.
fn step_until(
    harness: &mut AppHarness<'_>,
    what: &str,
    done: impl Fn(&mut AppHarness<'_>) -> bool,
) {
    for _ in 0..400 {
        harness.step();
        if done(harness) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("never: {what}");
}

/// Until the window knows whether there is a system keyring.
fn keyring_answered(harness: &mut AppHarness<'_>) {
    step_until(harness, "the keyring answered", |harness| {
        harness
            .query_all_by_label_contains("Recherche du trousseau")
            .next()
            .is_none()
            && harness
                .query_all_by_label_contains("Partie ")
                .next()
                .is_some()
            // The window lays itself out again once the spinner is gone.
            && harness.try_run().is_ok()
    });
}

/// Types `text` into the field labelled `label`.
fn type_into(harness: &mut egui_kittest::Harness<'_, NebutilApp>, label: &str, text: &str) {
    assert!(
        harness.query_by_label(label).is_some() || harness.query_by_label_contains(label).is_some(),
        "no field {label}"
    );
    if let Some(node) = harness
        .query_by_label(label)
        .or_else(|| harness.query_by_label_contains(label))
    {
        node.focus();
    }
    harness.run();
    if let Some(node) = harness
        .query_by_label(label)
        .or_else(|| harness.query_by_label_contains(label))
    {
        node.type_text(text);
    }
    harness.run();
}

#[test]
fn every_request_is_built_checked_sent_and_its_reply_filed() {
    let mut harness = app_with(|cc| NebutilApp::new(cc, Vec::new()));
    let game = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.game.clone())
        .expect("the demo names its game");
    let player = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.as_ref().and_then(|p| p.number))
        .expect("and its player");
    harness.state_mut().send(Command::ToggleEditor);
    harness.run();
    retype(&mut harness, "# ordres\n");
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Courrier));
    keyring_answered(&mut harness);
    harness.get_by_label_contains(&format!("Partie {game} · joueur {player}"));
    // Without the game's address nothing leaves.
    assert!(
        harness
            .get_by_label("Envoyer avec votre logiciel de courrier")
            .accesskit_node()
            .is_disabled()
    );
    type_into(&mut harness, "Adresse de la partie", "nebula@example.org");
    type_into(&mut harness, "Mot de passe de la partie", "secret");
    harness.run();
    // ORDRES: the draft, as the editor holds it.
    harness.get_by_label(&format!("ORDRES {game} {player} ****"));
    assert!(
        !harness
            .get_by_label("Envoyer avec votre logiciel de courrier")
            .accesskit_node()
            .is_disabled()
    );
    // A MESSAGE rumour signed with his own name is warned about.
    harness.get_by_label("MESSAGE").click();
    harness.run();
    // No recipient yet: said plainly.
    harness.get_by_label("Choisissez au moins un destinataire (ou Tous).");
    // A player not known by name, by his number.
    type_into(&mut harness, "Autres destinataires (numéros)", "3");
    harness.get_by_label(&format!("MESSAGE {game} {player} **** <3>"));
    harness.get_by_label("Tous (<All>)").click();
    harness.run();
    harness.get_by_label("Rumeur anonyme (A)").click();
    harness.run();
    let me = harness
        .state()
        .current_turn()
        .and_then(|t| t.view.player.as_ref().map(|p| p.name.clone()))
        .unwrap_or_default();
    type_into(&mut harness, "Texte", &format!("Signé {me}"));
    harness.run();
    harness.get_by_label_contains("Cette rumeur contient votre nom");
    harness.get_by_label(&format!("MESSAGE {game} {player} **** A <All>"));
    // CONFIG and INFO from their controls.
    harness.get_by_label("CONFIG").click();
    harness.run();
    type_into(&mut harness, "Nouveau mot de passe", "nouveau1");
    harness.run();
    harness.get_by_label("PASSWORD ****");
    harness.get_by_label("INFO").click();
    harness.run();
    harness.get_by_label("NBORDRES").click();
    harness.run();
    harness.get_by_label("DEBUT");
    assert!(harness.query_all_by_label("NBORDRES").count() >= 2);

    // The address is kept for the game; the password is not.
    let kept = harness.state().courrier().book.clone();
    assert_eq!(kept.address, "nebula@example.org");

    // The robot's acknowledgement of these very orders, pasted: matched.
    // The tab (drawn before INFO's "ORDRES" box).
    harness
        .query_all_by_label("ORDRES")
        .next()
        .expect("the ORDRES tab")
        .click();
    harness.run();
    let orders = OrdersMail::from_order_text(
        Credentials {
            game: game.clone(),
            player: nebutil::model::PlayerId(player),
            password: "secret".into(),
        },
        None,
        "# ordres\n",
    );
    let sum = checksum(&orders.order_text());
    // As if sent from here (the mail program's link cannot open in a test).
    harness
        .get_by_label("Envoyer avec votre logiciel de courrier")
        .click();
    harness.run();
    assert_eq!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .last()
            .and_then(|s| s.checksum.clone()),
        Some(sum.clone())
    );
    assert!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .iter()
            .all(|s| !s.subject.contains("secret"))
    );
    let facts = facts_value(&[
        ("kind".into(), "orders".into()),
        ("game".into(), game.clone()),
        ("turn".into(), "7".into()),
        ("player".into(), player.to_string()),
        ("version".into(), "1".into()),
        ("checksum".into(), sum),
    ]);
    let ack = format!("From: nebula@example.org\nSubject: AR\nX-Nebula: {facts}\n\nStockés.\n");
    harness
        .get_by_label_contains("Réponses et messages reçus")
        .click();
    harness.run();
    let _ = MailKind::Orders(orders);
    // Read from a file, as a mail program saves it (.eml).
    let dir = crate::support::fresh_dir::fresh_dir("courrier");
    let eml = dir.join("ack.eml");
    std::fs::write(&eml, ack).expect("written");
    type_into(
        &mut harness,
        "Fichier .eml, mbox ou dossier Maildir",
        &eml.display().to_string(),
    );
    harness
        .get_by_label("Lire ce fichier ou ce dossier")
        .click_accesskit();
    harness.run();
    harness.get_by_label_contains("1 réponse du serveur reconnue, 0 nouveau message");
    assert_eq!(
        harness
            .state()
            .courrier()
            .book
            .sent
            .last()
            .and_then(|s| s.acknowledged),
        Some(1)
    );
    harness
        .get_by_label_contains("Courrier envoyé (1)")
        .click_accesskit();
    harness.run();
    harness.get_by_label_contains("reçu par le serveur : version 1");
    // The server's answer is kept with it.
    harness
        .get_by_label("Réponse du serveur (vérification, prévision)")
        .click_accesskit();
    harness.run();
    harness.get_by_label("Stockés.");
}

/// Orders with errors leave only when the player ticks "Envoyer quand même";
/// a CONFIG's new password is masked in the preview and checked (G-162).
#[test]
fn orders_with_errors_leave_only_when_the_player_says_so() {
    let mut harness = app_with(|cc| NebutilApp::new(cc, Vec::new()));
    harness.state_mut().send(Command::ToggleEditor);
    harness.run();
    // One order the validator refuses, one line no order reads.
    retype(&mut harness, "F_99999 M_1\nM_28 Z 99\n");
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Courrier));
    keyring_answered(&mut harness);
    type_into(&mut harness, "Adresse de la partie", "nebula@example.org");
    type_into(&mut harness, "Mot de passe de la partie", "secret");
    harness.get_by_label_contains("Vos ordres ont 2 erreurs");
    let send = "Envoyer avec votre logiciel de courrier";
    assert!(harness.get_by_label(send).accesskit_node().is_disabled());
    harness.get_by_label("Envoyer quand même").click();
    harness.run();
    assert!(!harness.get_by_label(send).accesskit_node().is_disabled());
    // CONFIG: the new password never shows, a short one is refused here.
    harness.get_by_label("CONFIG").click();
    harness.run();
    type_into(&mut harness, "Nouveau mot de passe", "abc");
    harness.get_by_label("PASSWORD ****");
    assert!(harness.query_by_label("PASSWORD abc").is_none());
    harness.get_by_label_contains("il faut au moins 6");
}

/// The editor's "Courrier…" window leads to the Courrier window, on ORDRES.
#[test]
fn the_editor_mail_window_opens_the_game_mail() {
    let mut harness = app_with(|cc| NebutilApp::new(cc, Vec::new()));
    harness.state_mut().send(Command::ToggleEditor);
    harness.run();
    harness.get_by_label("Courrier…").click();
    harness.run();
    harness
        .get_by_label("Ouvrir le courrier de la partie")
        .click();
    keyring_answered(&mut harness);
    assert!(harness.state().courrier().open);
    harness.get_by_label_contains("Les ordres du tour, tels que l'éditeur les contient");
    // The editor's own mail window is closed.
    assert!(harness.query_by_label("Copier le courrier").is_none());
}

/// Runs frames (the keyring answers from another thread) until `label` is
/// shown, for at most 20 s.
fn wait_for(harness: &mut AppHarness<'_>, label: &str) {
    step_until(harness, label, |harness| {
        harness.query_by_label_contains(label).is_some()
    });
}

/// The demo's game and player, the Courrier window open on it.
fn open_courrier(harness: &mut egui_kittest::Harness<'_, NebutilApp>) -> (String, u32) {
    let view = harness
        .state()
        .current_turn()
        .map(|t| t.view.clone())
        .expect("the demo");
    harness
        .state_mut()
        .send(Command::Toggle(WindowId::Courrier));
    harness.step();
    (
        view.game.clone().expect("a game"),
        view.player
            .as_ref()
            .and_then(|p| p.number)
            .expect("a player"),
    )
}

/// A session of the demo app over the data folder `data`, the Courrier
/// window open: the harness, the game and the player.
fn courrier_session(data: &std::path::Path) -> (AppHarness<'static>, String, u32) {
    let data = data.to_path_buf();
    let mut harness =
        crate::support::app::app_with_data(data, |cc| NebutilApp::new(cc, Vec::new()));
    let (game, player) = open_courrier(&mut harness);
    (harness, game, player)
}

const KEEP: &str = "Garder les mots de passe dans le trousseau du système";

#[test]
fn the_passwords_go_to_the_system_keyring_when_asked_and_come_back_next_session() {
    crate::support::keyring::run_child(
        "gui_courrier::keyring_child_keeps_and_forgets_the_passwords",
        true,
    );
}

#[test]
#[ignore = "run by the_passwords_go_to_the_system_keyring… in a private D-Bus session"]
fn keyring_child_keeps_and_forgets_the_passwords() {
    assert!(
        crate::support::keyring::in_child(),
        "run by its parent test"
    );
    let data = crate::support::fresh_dir::fresh_dir("keyring-data");
    let (mut harness, game, player) = courrier_session(&data);
    wait_for(&mut harness, KEEP);
    type_into(&mut harness, "Adresse de la partie", "nebula@example.org");
    type_into(&mut harness, "Mot de passe de la partie", "pw-of-the-game");
    harness.get_by_label(KEEP).click();
    wait_for(
        &mut harness,
        "Mots de passe gardés dans le trousseau du système.",
    );
    let secret = nebutil::post::keyring::Secret::Game {
        game: game.clone(),
        player,
    };
    assert_eq!(
        nebutil::post::keyring::load(&secret),
        Ok(Some("pw-of-the-game".to_string()))
    );
    // The consent is in the game's mail file; the password is not.
    let file = std::fs::read_to_string(nebutil::post::book::GameMail::path(&data, &game))
        .expect("the game's mail file");
    assert!(file.contains("keep_passwords: true"), "{file}");
    assert!(!file.contains("pw-of-the-game"), "{file}");
    drop(harness);

    // Next session: the password comes back from the keyring, nothing typed.
    let (mut harness, ..) = courrier_session(&data);
    wait_for(&mut harness, KEEP);
    step_until(&mut harness, "the password back", |harness| {
        !harness
            .get_by_label("Envoyer avec votre logiciel de courrier")
            .accesskit_node()
            .is_disabled()
    });
    assert!(
        harness
            .query_by_label_contains("Tapez le mot de passe de la partie")
            .is_none(),
        "the password came back"
    );
    harness.get_by_label(&format!("ORDRES {game} {player} ****"));
    // Unticked: taken out of the keyring.
    harness.get_by_label(KEEP).click();
    wait_for(
        &mut harness,
        "Mots de passe retirés du trousseau du système.",
    );
    assert_eq!(nebutil::post::keyring::load(&secret), Ok(None));
}

#[test]
fn without_a_keyring_the_password_is_asked_each_session_and_never_kept() {
    crate::support::keyring::run_child("gui_courrier::keyring_child_without_a_keyring", false);
}

#[test]
#[ignore = "run by without_a_keyring_the_password_is_asked… with no session bus"]
fn keyring_child_without_a_keyring() {
    assert!(
        crate::support::keyring::in_child(),
        "run by its parent test"
    );
    let data = crate::support::fresh_dir::fresh_dir("no-keyring-data");
    let (mut harness, game, _) = courrier_session(&data);
    wait_for(&mut harness, "Pas de trousseau système ici");
    assert!(harness.query_by_label(KEEP).is_none());
    type_into(&mut harness, "Adresse de la partie", "nebula@example.org");
    type_into(&mut harness, "Mot de passe de la partie", "pw-of-the-game");
    harness.get_by_label("Copier").click();
    harness.run();
    let file = std::fs::read_to_string(nebutil::post::book::GameMail::path(&data, &game))
        .expect("the game's mail file");
    assert!(!file.contains("pw-of-the-game"), "{file}");
    drop(harness);
    let (mut harness, ..) = courrier_session(&data);
    wait_for(&mut harness, "Pas de trousseau système ici");
    harness.get_by_label_contains("Tapez le mot de passe de la partie");
}
