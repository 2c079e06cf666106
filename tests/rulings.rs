//! The rulings list is gathered from the code and is well-formed.

#[test]
fn rulings_are_numbered_gaps_with_text_and_place() {
    let all = nebutil::rulings::all();
    for ruling in all {
        assert!(
            (1..=145).contains(&ruling.id),
            "G-{} is not a catalog gap",
            ruling.id
        );
        assert!(
            !ruling.section.is_empty(),
            "G-{} names no section",
            ruling.id
        );
        assert!(ruling.text.len() > 10, "G-{} has no real text", ruling.id);
        assert!(
            ruling.file.starts_with("src/"),
            "G-{} at {}",
            ruling.id,
            ruling.file
        );
        let source = std::fs::read_to_string(ruling.file).expect("the file exists");
        let line = source
            .lines()
            .nth(ruling.line as usize - 1)
            .expect("the line exists");
        assert!(
            line.contains(&format!("Ruling G-{} ", ruling.id)),
            "{}:{} does not hold G-{}",
            ruling.file,
            ruling.line,
            ruling.id
        );
    }
    let ids: Vec<u32> = all.iter().map(|r| r.id).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "sorted by gap number");
}
