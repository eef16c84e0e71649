//! What several fuzz targets share.

use xiangqi_notation::Line;

/// The move tree without comments.
pub fn shape(line: &Line) -> Vec<(String, Vec<Vec<(String, usize)>>)> {
    line.nodes
        .iter()
        .map(|node| {
            let variations =
                node.variations.iter().map(|v| shape(v).into_iter().map(|(m, vs)| (m, vs.len())).collect());
            (node.mv.to_string(), variations.collect())
        })
        .collect()
}
