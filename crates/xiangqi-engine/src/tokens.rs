//! The words of a protocol line, each with its byte offset, for the line parsers.

/// A word of a line and where it starts (a byte offset in the line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Word<'a> {
    pub(crate) at: usize,
    pub(crate) text: &'a str,
}

/// The words of `line`, split at ASCII white space (tabs included).
pub(crate) fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, byte) in line.bytes().enumerate() {
        if byte.is_ascii_whitespace() {
            if let Some(from) = start.take() {
                out.push(Word { at: from, text: &line[from..i] });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(from) = start {
        out.push(Word { at: from, text: &line[from..] });
    }
    out
}

/// The text of `line` from the word `words[index]` to the end of the line, trailing white space removed (an
/// empty text when `index` is past the last word).
pub(crate) fn rest<'a>(line: &'a str, words: &[Word<'a>], index: usize) -> &'a str {
    words.get(index).map_or("", |word| line[word.at..].trim_end())
}

/// The words `words[from..to]` as the text of `line` they span (white space inside kept as written).
pub(crate) fn span<'a>(line: &'a str, words: &[Word<'a>], from: usize, to: usize) -> &'a str {
    match (words.get(from), to.checked_sub(1).and_then(|last| words.get(last))) {
        (Some(first), Some(last)) if from < to => &line[first.at..last.at + last.text.len()],
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_their_offsets_and_spans_their_spacing() {
        let line = "option name Skill  Level type spin\t";
        let w = words(line);
        let texts: Vec<_> = w.iter().map(|word| (word.at, word.text)).collect();
        assert_eq!(texts, [(0, "option"), (7, "name"), (12, "Skill"), (19, "Level"), (25, "type"), (30, "spin")]);
        assert_eq!(span(line, &w, 2, 4), "Skill  Level");
        assert_eq!(span(line, &w, 2, 2), "");
        assert_eq!(rest(line, &w, 4), "type spin");
        assert_eq!(rest(line, &w, 9), "");
        assert!(words("  \t ").is_empty());
    }
}
