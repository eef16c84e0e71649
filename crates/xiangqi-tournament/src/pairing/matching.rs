//! The oracle of the search: a perfect matching of the participants still to pair, kept up to date as pairs are
//! fixed, so that "can the rest still be paired?" is one augmenting-path search (Edmonds' blossom algorithm, in
//! its O(V³) form with blossom bases).

use alloc::collections::VecDeque;
use alloc::vec::Vec;

const NONE: usize = usize::MAX;

/// A matching on a graph given by adjacency lists; only the vertices marked active take part.
pub(crate) struct Matching {
    neighbours: Vec<Vec<usize>>,
    active: Vec<bool>,
    mate: Vec<usize>,
    // Scratch of the search.
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Matching {
    /// An empty matching on `neighbours` (symmetric adjacency lists) with the `active` vertices.
    pub(crate) fn new(neighbours: Vec<Vec<usize>>, active: Vec<bool>) -> Matching {
        let n = neighbours.len();
        Matching {
            neighbours,
            active,
            mate: alloc::vec![NONE; n],
            parent: alloc::vec![NONE; n],
            base: (0..n).collect(),
            used: alloc::vec![false; n],
            blossom: alloc::vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Makes the matching maximum: a greedy start, then one search from each exposed active vertex (a vertex
    /// with no augmenting path now has none later). Returns whether it is perfect.
    pub(crate) fn complete(&mut self) -> bool {
        let n = self.mate.len();
        for v in 0..n {
            if self.active[v] && self.mate[v] == NONE {
                if let Some(&w) = self.neighbours[v].iter().find(|&&w| self.active[w] && self.mate[w] == NONE) {
                    self.mate[v] = w;
                    self.mate[w] = v;
                }
            }
        }
        let mut perfect = true;
        for v in 0..n {
            if self.active[v] && self.mate[v] == NONE && !self.augment_from(v) {
                perfect = false;
            }
        }
        perfect
    }

    /// Takes `a` and `b` out as a pair, if the others can still all be paired; otherwise changes nothing and
    /// returns `false`. The matching must be perfect on the active vertices.
    pub(crate) fn fix_pair(&mut self, a: usize, b: usize) -> bool {
        let (mate_a, mate_b) = (self.mate[a], self.mate[b]);
        self.active[a] = false;
        self.active[b] = false;
        if mate_a == b {
            return true;
        }
        self.mate[mate_a] = NONE;
        self.mate[mate_b] = NONE;
        if self.augment_from(mate_a) {
            self.mate[a] = NONE;
            self.mate[b] = NONE;
            return true;
        }
        self.active[a] = true;
        self.active[b] = true;
        self.mate[mate_a] = a;
        self.mate[mate_b] = b;
        false
    }

    /// Searches an augmenting path from the exposed vertex `root` and flips it.
    fn augment_from(&mut self, root: usize) -> bool {
        let Some(mut v) = self.find_path(root) else { return false };
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
        true
    }

    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.mate.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for k in 0..self.neighbours[v].len() {
                let to = self.neighbours[v][k];
                if !self.active[to] || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let current = self.lowest_common_ancestor(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, current, to);
                    self.mark_path(to, current, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    self.used[self.mate[to]] = true;
                    self.queue.push_back(self.mate[to]);
                }
            }
        }
        None
    }

    fn lowest_common_ancestor(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = alloc::vec![false; self.mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Matching;
    use alloc::vec::Vec;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut neighbours = alloc::vec![Vec::new(); n];
        for &(a, b) in edges {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        neighbours
    }

    #[test]
    fn a_blossom_is_needed_to_find_the_perfect_matching() {
        // A triangle 0-1-2 with tails 2-3 and 0-4-5: the only perfect matching is 4-5, 0-1, 2-3.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)];
        let mut m = Matching::new(graph(6, &edges), alloc::vec![true; 6]);
        assert!(m.complete());
        assert_eq!((m.mate[4], m.mate[2], m.mate[0]), (5, 3, 1));
    }

    #[test]
    fn a_pair_that_leaves_the_rest_unpairable_is_refused() {
        // A path 0-1-2-3: fixing 1-2 would leave 0 and 3, who are not adjacent.
        let mut m = Matching::new(graph(4, &[(0, 1), (1, 2), (2, 3)]), alloc::vec![true; 4]);
        assert!(m.complete());
        assert!(!m.fix_pair(1, 2));
        assert!(m.fix_pair(0, 1));
        assert!(m.fix_pair(2, 3));
    }

    /// Whether the vertices of `alive` can all be paired along `edges`, by trying every pairing.
    fn perfect_exists(n: usize, edges: &[(usize, usize)], alive: &[bool]) -> bool {
        let Some(first) = (0..n).find(|&v| alive[v]) else { return true };
        edges.iter().filter(|&&(a, b)| alive[a] && alive[b] && (a == first || b == first)).any(|&(a, b)| {
            let mut rest = alive.to_vec();
            rest[a] = false;
            rest[b] = false;
            perfect_exists(n, edges, &rest)
        })
    }

    proptest::proptest! {
        #[test]
        fn the_oracle_agrees_with_trying_every_pairing(
            n in 2usize..=10,
            bits in proptest::collection::vec(proptest::bool::weighted(0.35), 45),
            fixes in proptest::collection::vec((0usize..10, 0usize..10), 6),
        ) {
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .zip(&bits)
                .filter(|&(_, &on)| on)
                .map(|(edge, _)| edge)
                .collect();
            let mut alive = alloc::vec![true; n];
            let mut m = Matching::new(graph(n, &edges), alive.clone());
            let perfect = m.complete();
            proptest::prop_assert_eq!(perfect, perfect_exists(n, &edges, &alive));
            if !perfect {
                return Ok(());
            }
            for (a, b) in fixes {
                if a >= n || b >= n || !alive[a] || !alive[b] || !edges.contains(&(a.min(b), a.max(b))) {
                    continue;
                }
                let mut rest = alive.clone();
                rest[a] = false;
                rest[b] = false;
                let possible = perfect_exists(n, &edges, &rest);
                proptest::prop_assert_eq!(m.fix_pair(a, b), possible);
                if possible {
                    alive = rest;
                }
                // The matching stays perfect on the vertices left.
                for v in (0..n).filter(|&v| alive[v]) {
                    let mate = m.mate[v];
                    proptest::prop_assert!(mate != super::NONE && alive[mate] && m.mate[mate] == v);
                    proptest::prop_assert!(edges.contains(&(v.min(mate), v.max(mate))));
                }
            }
        }
    }

    #[test]
    fn an_odd_cycle_has_no_perfect_matching() {
        let mut m = Matching::new(graph(3, &[(0, 1), (1, 2), (2, 0)]), alloc::vec![true; 3]);
        assert!(!m.complete());
    }
}
