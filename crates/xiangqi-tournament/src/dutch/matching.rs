//! [`Matching`]: a maximum-weight matching of a complete graph (Edmonds' blossom algorithm in its primal-dual
//! form, O(n³)), that can change some weights and find the new optimum from the old one.
//!
//! The graph is complete; a weight of zero means "no edge", and a pair joined by it counts as unmatched. The
//! optimum is found as a maximum-weight *perfect* matching (a vertex of weight zero to everyone is added when
//! the number of vertices is odd), whose duals need no sign: that is what lets an update start from the old
//! solution. Changing the weights at a vertex dissolves the blossoms that hold it (their dual goes to their
//! vertices), frees it and its mate, and gives it the least dual that is feasible again; the stages then
//! augment from the free vertices only.
//!
//! A stage grows its trees along tight edges only, and looks for the least slack (the dual change) only when
//! no tight edge is left: most stages of a round find their augmenting path without a dual change, and their
//! blossoms (of dual zero) are dissolved again at the stage's end, so keeping each node's least-slack edge up
//! to date as they form would cost more than computing it from scratch at the few dual changes. The price is
//! the worst case: a stage costs O(n²) for each of its dual changes, O(n³) at worst instead of O(n²) (a solve
//! from nothing O(n⁴) instead of O(n³)); the rounds measured make a few dual changes in a hundred stages
//! (docs/performance.md, "FIDE Dutch pairing").
//!
//! Units: the slack of an edge is `y(u) + y(v) - 2·w(u, v)` plus the duals of the blossoms holding both ends,
//! so that every dual change is a whole number (all vertices of a search tree keep one parity).

use alloc::vec;
use alloc::vec::Vec;

use super::wide::Wide;

const NONE: u32 = u32::MAX;
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;

/// The least of the slacks offered, each computed in full only when its highest limb may make it the least.
struct LeastSlack<const N: usize> {
    least: Option<Wide<N>>,
}

impl<const N: usize> Default for LeastSlack<N> {
    fn default() -> LeastSlack<N> {
        LeastSlack { least: None }
    }
}

impl<const N: usize> LeastSlack<N> {
    /// Offers the slack `y(u) + y(v) - w2`, given `estimate`, the highest limbs of the three summed alone: the
    /// carries from below change that by at most one, so the slack is at least `(estimate - 1) · 2^(64(N-1))`
    /// and cannot beat a least whose highest limb is `estimate - 2` or less.
    #[inline]
    fn offer(&mut self, estimate: i64, slack: impl FnOnce() -> Wide<N>) {
        if let Some(least) = &self.least {
            if estimate > least.top().saturating_add(1) {
                return;
            }
        }
        let slack = slack();
        if self.least.is_none_or(|least| slack < least) {
            self.least = Some(slack);
        }
    }
}

/// A maximum-weight matching over `n` vertices with weights of `64 × N` bits.
pub(crate) struct Matching<const N: usize> {
    /// The vertices asked for.
    players: usize,
    /// The vertices used: `players`, plus one when odd.
    nv: usize,
    /// Twice each weight, `nv × nv`.
    weight2: Vec<Wide<N>>,
    /// The lowest limb of each of `weight2`, side by side: what a scan reads of most edges.
    weight2_low: Vec<u64>,
    /// The highest limb of each of `weight2`, side by side: what the search for the least slack reads first.
    weight2_high: Vec<u64>,
    /// Vertex duals (`0..nv`), then blossom duals (`nv..2nv`).
    dual: Vec<Wide<N>>,
    /// The lowest limb of each vertex dual (`0..nv`), side by side.
    dual_low: Vec<u64>,
    /// The highest limb of each vertex dual (`0..nv`), side by side.
    dual_high: Vec<u64>,
    mate: Vec<u32>,
    /// The top-level node holding each vertex.
    top: Vec<u32>,
    parent: Vec<u32>,
    children: Vec<Vec<u32>>,
    /// `cycle[b][i]`: the edge (a vertex of child `i`, a vertex of child `i + 1`).
    cycle: Vec<Vec<(u32, u32)>>,
    members: Vec<Vec<u32>>,
    base: Vec<u32>,
    /// For a blossom `b` and a vertex `v` in it: the child of `b` holding `v`, at `(b - nv) * nv + v`.
    in_child: Vec<u32>,
    label: Vec<u8>,
    /// For an inner node: (the outer vertex it was reached from, its own vertex on that edge).
    reached_by: Vec<(u32, u32)>,
    unused: Vec<u32>,
    queue: Vec<u32>,
    seen: Vec<u32>,
    seen_stamp: u32,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    solved: bool,
}

impl<const N: usize> Matching<N> {
    /// `players` vertices, every weight zero.
    pub(crate) fn new(players: usize) -> Matching<N> {
        let nv = players + players % 2;
        let nodes = 2 * nv;
        Matching {
            players,
            nv,
            weight2: vec![Wide::ZERO; nv * nv],
            weight2_low: vec![0; nv * nv],
            weight2_high: vec![0; nv * nv],
            dual: vec![Wide::ZERO; nodes],
            dual_low: vec![0; nv],
            dual_high: vec![0; nv],
            mate: vec![NONE; nv],
            top: (0..nv as u32).collect(),
            parent: vec![NONE; nodes],
            children: vec![Vec::new(); nodes],
            cycle: vec![Vec::new(); nodes],
            members: (0..nodes as u32).map(|x| if (x as usize) < nv { vec![x] } else { Vec::new() }).collect(),
            base: (0..nodes as u32).collect(),
            in_child: vec![NONE; nv * nv],
            label: vec![FREE; nodes],
            reached_by: vec![(NONE, NONE); nodes],
            unused: (nv as u32..nodes as u32).rev().collect(),
            queue: Vec::new(),
            seen: vec![0; nodes],
            seen_stamp: 0,
            dirty: vec![false; nv],
            dirty_list: Vec::new(),
            solved: false,
        }
    }

    /// The number of vertices asked for.
    pub(crate) fn len(&self) -> usize {
        self.players
    }

    /// Sets the weight of the edge `u`–`v` (zero: no edge). Takes effect at the next [`Matching::solve`].
    pub(crate) fn set_weight(&mut self, u: usize, v: usize, weight: Wide<N>) {
        let doubled = weight.add(&weight);
        if self.weight2[u * self.nv + v] == doubled {
            return;
        }
        for at in [u * self.nv + v, v * self.nv + u] {
            self.weight2[at] = doubled;
            self.weight2_low[at] = doubled.0[0];
            self.weight2_high[at] = doubled.0[N - 1];
        }
        if self.solved && !self.dirty[u] && !self.dirty[v] {
            self.dirty[u] = true;
            self.dirty_list.push(u as u32);
        }
    }

    /// The mate of `u` in the current optimum, or `None` when unmatched (or joined by an edge of weight zero).
    /// Call [`Matching::solve`] first.
    pub(crate) fn mate(&self, u: usize) -> Option<usize> {
        let m = self.mate[u];
        (m != NONE && (m as usize) < self.players && !self.weight2[u * self.nv + m as usize].is_zero())
            .then_some(m as usize)
    }

    /// Finds a maximum-weight matching for the current weights.
    pub(crate) fn solve(&mut self) {
        if self.solved {
            self.restart_from_dirty();
        } else {
            let most = self.weight2.iter().max().copied().unwrap_or(Wide::ZERO).half();
            for v in 0..self.nv {
                self.set_vertex_dual(v, most);
            }
            self.solved = true;
        }
        while self.stage() {
            self.dissolve_idle_blossoms();
        }
    }

    /// Sets the dual of vertex `v` (and its lowest and highest limbs beside the others').
    #[inline]
    fn set_vertex_dual(&mut self, v: usize, value: Wide<N>) {
        self.dual[v] = value;
        self.dual_low[v] = value.0[0];
        self.dual_high[v] = value.0[N - 1];
    }

    #[inline]
    fn slack(&self, u: u32, v: u32) -> Wide<N> {
        let (u, v) = (u as usize, v as usize);
        self.dual[u].add_sub(&self.dual[v], &self.weight2[u * self.nv + v])
    }

    fn is_top(&self, x: usize) -> bool {
        self.parent[x] == NONE && (x < self.nv || !self.children[x].is_empty())
    }

    fn tops(&self) -> Vec<u32> {
        (0..2 * self.nv).filter(|&x| self.is_top(x)).map(|x| x as u32).collect()
    }

    /// One stage: grows search trees from every exposed node until an augmenting path is found and used
    /// (`true`), or no node is exposed (`false`).
    fn stage(&mut self) -> bool {
        let tops = self.tops();
        for &x in &tops {
            self.label[x as usize] = FREE;
        }
        self.queue.clear();
        for &x in &tops {
            if self.mate[self.base[x as usize] as usize] == NONE {
                self.make_outer(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop() {
                if self.scan(u) {
                    return true;
                }
            }
            let Some(delta) = self.delta() else { return false };
            self.apply_delta(delta);
            for b in self.tops() {
                let b = b as usize;
                if self.is_top(b) && b >= self.nv && self.label[b] == INNER && self.dual[b].is_zero() {
                    self.expand_inner(b as u32);
                }
            }
            // The dual change made tight edges at outer vertices already scanned: every one is scanned again.
            self.queue.clear();
            for v in 0..self.nv as u32 {
                if self.label[self.top[v as usize] as usize] == OUTER {
                    self.queue.push(v);
                }
            }
        }
    }

    /// Follows the tight edges from the outer vertex `u` to other top-level nodes. `true` when it augmented.
    fn scan(&mut self, u: u32) -> bool {
        // The duals do not change while the queue is scanned: `y(u)` once; an edge whose lowest limbs do not
        // sum to its weight's is not tight, whatever the carries above.
        let dual_u = self.dual[u as usize];
        let low_u = self.dual_low[u as usize];
        let row = u as usize * self.nv;
        let mut from = 0;
        while let Some(v) = self.next_low_match(low_u, row, from) {
            from = v + 1;
            let v = v as u32;
            if self.top[v as usize] != self.top[u as usize]
                && dual_u.add(&self.dual[v as usize]) == self.weight2[row + v as usize]
                && self.tight_edge(u, v)
            {
                return true;
            }
        }
        false
    }

    /// The first vertex from `from` on whose lowest limb of dual, with `low_u`, sums to the lowest limb of the
    /// weight in row `row`: the edges that may be tight.
    #[inline]
    fn next_low_match(&self, low_u: u64, row: usize, from: usize) -> Option<usize> {
        let weights = self.weight2_low.get(row + from..row + self.nv)?;
        let duals = self.dual_low.get(from..)?;
        weights.iter().zip(duals).position(|(&weight, &dual)| low_u.wrapping_add(dual) == weight).map(|i| from + i)
    }

    fn make_outer(&mut self, x: u32) {
        self.label[x as usize] = OUTER;
        self.queue.extend_from_slice(&self.members[x as usize]);
    }

    /// The largest dual change that keeps every slack non-negative and every inner blossom's dual too: the
    /// least slack of an edge from an outer vertex to a free node, half the least slack between two outer
    /// nodes, half the least dual of an inner blossom.
    fn delta(&self) -> Option<Wide<N>> {
        let mut to_free = LeastSlack::default();
        let mut between_outer = LeastSlack::default();
        for u in 0..self.nv {
            let top_u = self.top[u];
            if self.label[top_u as usize] != OUTER {
                continue;
            }
            let row = u * self.nv;
            let high_u = self.dual_high[u];
            for v in 0..self.nv {
                let top_v = self.top[v];
                if top_v == top_u {
                    continue;
                }
                let least = match self.label[top_v as usize] {
                    FREE => &mut to_free,
                    // Each edge between outer nodes once, from its smaller end.
                    OUTER if u < v => &mut between_outer,
                    _ => continue,
                };
                let estimate = high_u.wrapping_add(self.dual_high[v]).wrapping_sub(self.weight2_high[row + v]) as i64;
                least.offer(estimate, || self.slack(u as u32, v as u32));
            }
        }
        let inner_blossoms =
            self.tops().into_iter().filter(|&x| x as usize >= self.nv && self.label[x as usize] == INNER);
        [to_free.least, between_outer.least.map(|slack| slack.half())]
            .into_iter()
            .flatten()
            .chain(inner_blossoms.map(|b| self.dual[b as usize].half()))
            .min()
    }

    fn apply_delta(&mut self, delta: Wide<N>) {
        for v in 0..self.nv {
            match self.label[self.top[v] as usize] {
                OUTER => self.set_vertex_dual(v, self.dual[v].sub(&delta)),
                INNER => self.set_vertex_dual(v, self.dual[v].add(&delta)),
                _ => {}
            }
        }
        let twice = delta.add(&delta);
        for b in self.nv..2 * self.nv {
            if self.is_top(b) {
                match self.label[b] {
                    OUTER => self.dual[b] = self.dual[b].add(&twice),
                    INNER => self.dual[b] = self.dual[b].sub(&twice),
                    _ => {}
                }
            }
        }
    }

    /// A tight edge from the outer vertex `u` to `v` in another top-level node. `true` when it augmented.
    fn tight_edge(&mut self, u: u32, v: u32) -> bool {
        let top_u = self.top[u as usize];
        let top_v = self.top[v as usize];
        match self.label[top_v as usize] {
            FREE => {
                self.label[top_v as usize] = INNER;
                self.reached_by[top_v as usize] = (u, v);
                let mate = self.mate[self.base[top_v as usize] as usize];
                self.make_outer(self.top[mate as usize]);
                false
            }
            OUTER => {
                let common = self.common_ancestor(top_u, top_v);
                if common == NONE {
                    self.augment_from(u, v);
                    self.augment_from(v, u);
                    true
                } else {
                    self.add_blossom(common, u, v);
                    false
                }
            }
            _ => false,
        }
    }

    /// The outer node above the outer node `x` in its tree (its grandparent), or `NONE` at a root.
    fn outer_parent(&self, x: u32) -> u32 {
        let mate = self.mate[self.base[x as usize] as usize];
        if mate == NONE {
            return NONE;
        }
        let inner = self.top[mate as usize];
        self.top[self.reached_by[inner as usize].0 as usize]
    }

    fn common_ancestor(&mut self, a: u32, b: u32) -> u32 {
        self.seen_stamp += 1;
        let stamp = self.seen_stamp;
        let (mut x, mut y) = (a, b);
        while x != NONE || y != NONE {
            if x != NONE {
                if self.seen[x as usize] == stamp {
                    return x;
                }
                self.seen[x as usize] = stamp;
                x = self.outer_parent(x);
            }
            core::mem::swap(&mut x, &mut y);
        }
        NONE
    }

    /// The edge from a non-root node of a tree to its parent: (its vertex, the parent's vertex).
    fn tree_edge(&self, x: u32) -> (u32, u32) {
        if self.label[x as usize] == OUTER {
            let base = self.base[x as usize];
            (base, self.mate[base as usize])
        } else {
            let (outer, own) = self.reached_by[x as usize];
            (own, outer)
        }
    }

    fn add_blossom(&mut self, common: u32, u: u32, v: u32) {
        let path_to = |this: &Matching<N>, from: u32| {
            let mut path = Vec::new();
            let mut x = from;
            while x != common {
                path.push(x);
                let inner = this.top[this.mate[this.base[x as usize] as usize] as usize];
                path.push(inner);
                x = this.top[this.reached_by[inner as usize].0 as usize];
            }
            path
        };
        let path_u = path_to(self, self.top[u as usize]);
        let path_v = path_to(self, self.top[v as usize]);
        let mut children = vec![common];
        let mut edges = Vec::new();
        for &x in path_u.iter().rev() {
            let (own, up) = self.tree_edge(x);
            edges.push((up, own));
            children.push(x);
        }
        edges.push((u, v));
        for &x in &path_v {
            children.push(x);
            edges.push(self.tree_edge(x));
        }
        let b = self.unused.pop().expect("at most n - 1 blossoms at once");
        let bi = b as usize;
        self.parent[bi] = NONE;
        self.base[bi] = self.base[common as usize];
        self.dual[bi] = Wide::ZERO;
        self.label[bi] = OUTER;
        let mut members = Vec::new();
        for &c in &children {
            self.parent[c as usize] = b;
            if self.label[c as usize] == INNER {
                self.queue.extend_from_slice(&self.members[c as usize]);
            }
            for &m in &self.members[c as usize] {
                self.in_child[(bi - self.nv) * self.nv + m as usize] = c;
                self.top[m as usize] = b;
            }
            members.extend_from_slice(&self.members[c as usize]);
        }
        self.members[bi] = members;
        self.children[bi] = children;
        self.cycle[bi] = edges;
    }

    fn in_child_of(&self, b: usize, v: u32) -> u32 {
        let child = self.in_child[(b - self.nv) * self.nv + v as usize];
        if child != NONE && self.parent[child as usize] == b as u32 {
            child
        } else {
            NONE
        }
    }

    /// Frees blossom `b`'s children as top-level nodes (without touching duals or labels).
    fn release(&mut self, b: u32) {
        let children = core::mem::take(&mut self.children[b as usize]);
        for &c in &children {
            self.parent[c as usize] = NONE;
            for i in 0..self.members[c as usize].len() {
                let m = self.members[c as usize][i];
                self.top[m as usize] = c;
                self.in_child[(b as usize - self.nv) * self.nv + m as usize] = NONE;
            }
        }
        self.children[b as usize] = children;
    }

    fn free_blossom(&mut self, b: u32) {
        self.children[b as usize].clear();
        self.cycle[b as usize].clear();
        self.members[b as usize].clear();
        self.dual[b as usize] = Wide::ZERO;
        self.unused.push(b);
    }

    /// Expands an inner blossom whose dual reached zero, labelling the even path through it.
    fn expand_inner(&mut self, b: u32) {
        let bi = b as usize;
        let (outer, own) = self.reached_by[bi];
        let entry = self.in_child_of(bi, own);
        self.release(b);
        let children = self.children[bi].clone();
        let cycle = self.cycle[bi].clone();
        let k = children.len();
        let j = children.iter().position(|&c| c == entry).expect("the entry child is a child");
        // The path from the entry child to the base child with an even number of edges, as (child, the edge
        // from the previous child of the path to it).
        let mut path: Vec<(u32, (u32, u32))> = vec![(entry, (outer, own))];
        if j % 2 == 0 {
            for i in (0..j).rev() {
                let (p, q) = cycle[i];
                path.push((children[i], (q, p)));
            }
        } else {
            for i in j..k {
                path.push((children[(i + 1) % k], cycle[i]));
            }
        }
        for &c in &children {
            self.label[c as usize] = FREE;
        }
        for (step, &(c, edge)) in path.iter().enumerate() {
            if step % 2 == 0 {
                self.label[c as usize] = INNER;
                self.reached_by[c as usize] = edge;
            } else {
                self.make_outer(c);
            }
        }
        self.free_blossom(b);
    }

    /// Makes `inner` the base of node `x` and matches it to `outer`, rematching inside the blossoms.
    fn rematch(&mut self, x: u32, inner: u32, outer: u32) {
        let xi = x as usize;
        if xi < self.nv {
            self.mate[xi] = outer;
            return;
        }
        let child = self.in_child_of(xi, inner);
        let j = self.children[xi].iter().position(|&c| c == child).expect("a child holds the vertex");
        self.rematch(child, inner, outer);
        let k = self.children[xi].len();
        for s in 0..(k - 1) / 2 {
            let i = (j + 1 + 2 * s) % k;
            let (p, q) = self.cycle[xi][i];
            let (c, d) = (self.children[xi][i], self.children[xi][(i + 1) % k]);
            self.rematch(c, p, q);
            self.rematch(d, q, p);
        }
        self.children[xi].rotate_left(j);
        self.cycle[xi].rotate_left(j);
        self.base[xi] = inner;
    }

    /// Augments along the tree path from the outer vertex `u` (now matched to `o`) up to its root.
    fn augment_from(&mut self, u: u32, o: u32) {
        let (mut x, mut inner, mut outer) = (self.top[u as usize], u, o);
        loop {
            let old = self.mate[self.base[x as usize] as usize];
            self.rematch(x, inner, outer);
            if old == NONE {
                return;
            }
            let inner_node = self.top[old as usize];
            let (from, own) = self.reached_by[inner_node as usize];
            self.rematch(inner_node, own, from);
            x = self.top[from as usize];
            inner = from;
            outer = own;
        }
    }

    /// Dissolves the top-level blossoms whose dual is zero, down to the first level with a dual.
    fn dissolve_idle_blossoms(&mut self) {
        let mut stack: Vec<u32> = self.tops().into_iter().filter(|&b| b as usize >= self.nv).collect();
        while let Some(b) = stack.pop() {
            if self.dual[b as usize].is_zero() {
                self.release(b);
                stack.extend(self.children[b as usize].iter().filter(|&&c| c as usize >= self.nv));
                self.free_blossom(b);
            }
        }
    }

    /// After weights changed at the dirty vertices: frees them from blossoms and mates, restores feasibility
    /// and gives every exposed node one parity.
    fn restart_from_dirty(&mut self) {
        let dirty = core::mem::take(&mut self.dirty_list);
        for &v in &dirty {
            self.dirty[v as usize] = false;
            while self.top[v as usize] != v {
                self.dissolve_giving_dual(self.top[v as usize]);
            }
            let m = self.mate[v as usize];
            if m != NONE {
                self.mate[m as usize] = NONE;
                self.mate[v as usize] = NONE;
            }
            let nv = self.nv;
            let row = &self.weight2[v as usize * nv..(v as usize + 1) * nv];
            let least =
                (0..nv).filter(|&u| u != v as usize).map(|u| row[u].sub(&self.dual[u])).max().unwrap_or(Wide::ZERO);
            self.set_vertex_dual(v as usize, least);
        }
        self.equal_parity_of_exposed();
    }

    /// Dissolves the top-level blossom `b`, its dual shared out to its vertices; the matched edge at its base
    /// leaves the matching when the dual was not zero (it is no longer tight).
    fn dissolve_giving_dual(&mut self, b: u32) {
        let z = self.dual[b as usize];
        if !z.is_zero() {
            let base = self.base[b as usize];
            let m = self.mate[base as usize];
            if m != NONE {
                self.mate[base as usize] = NONE;
                self.mate[m as usize] = NONE;
            }
            let half = z.half();
            for i in 0..self.members[b as usize].len() {
                let m = self.members[b as usize][i] as usize;
                self.set_vertex_dual(m, self.dual[m].add(&half));
            }
        }
        self.release(b);
        self.free_blossom(b);
    }

    fn equal_parity_of_exposed(&mut self) {
        let mut exposed: Vec<u32> =
            self.tops().into_iter().filter(|&x| self.mate[self.base[x as usize] as usize] == NONE).collect();
        let Some(&first) = exposed.first() else { return };
        let parity = self.dual[self.base[first as usize] as usize].is_odd();
        let one = Wide::from_u64(1);
        while let Some(x) = exposed.pop() {
            let xi = x as usize;
            if self.dual[self.base[xi] as usize].is_odd() == parity {
                continue;
            }
            if xi < self.nv {
                self.set_vertex_dual(xi, self.dual[xi].add(&one));
            } else if self.dual[xi] >= Wide::from_u64(2) {
                for i in 0..self.members[xi].len() {
                    let m = self.members[xi][i] as usize;
                    self.set_vertex_dual(m, self.dual[m].add(&one));
                }
                self.dual[xi] = self.dual[xi].sub(&Wide::from_u64(2));
            } else {
                let base = self.base[xi];
                self.release(x);
                let base_child = self.children[xi].iter().copied().find(|&c| self.members[c as usize].contains(&base));
                self.free_blossom(x);
                exposed.extend(base_child);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Matching, Wide};
    use alloc::vec::Vec;

    /// The best total weight by trying every matching (small graphs only).
    fn brute_force(n: usize, w: &[u64]) -> u64 {
        fn go(free: &mut Vec<usize>, n: usize, w: &[u64]) -> u64 {
            let Some(first) = free.pop() else { return 0 };
            let mut best = go(free, n, w); // first unmatched
            for i in 0..free.len() {
                let other = free.remove(i);
                if w[first * n + other] > 0 {
                    best = best.max(w[first * n + other] + go(free, n, w));
                }
                free.insert(i, other);
            }
            free.push(first);
            best
        }
        go(&mut (0..n).collect(), n, w)
    }

    fn total(m: &Matching<1>, n: usize, w: &[u64]) -> u64 {
        let mut sum = 0;
        for u in 0..n {
            if let Some(v) = m.mate(u) {
                assert_eq!(m.mate(v), Some(u));
                if u < v {
                    sum += w[u * n + v];
                }
            }
        }
        sum
    }

    /// A small deterministic pseudo-random sequence (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % bound
        }
    }

    fn random_weights(rng: &mut Rng, n: usize, max: u64, density: u64) -> Vec<u64> {
        let mut w = alloc::vec![0; n * n];
        for u in 0..n {
            for v in u + 1..n {
                let value = if rng.next(100) < density { rng.next(max) + 1 } else { 0 };
                w[u * n + v] = value;
                w[v * n + u] = value;
            }
        }
        w
    }

    #[test]
    fn optimum_of_random_graphs_from_scratch() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..400 {
            let n = 1 + (case % 10);
            let w = random_weights(&mut rng, n, [3, 10, 1000][case % 3], [30, 60, 100][(case / 3) % 3]);
            let mut m = Matching::<1>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    m.set_weight(u, v, Wide::from_u64(w[u * n + v]));
                }
            }
            m.solve();
            assert_eq!(total(&m, n, &w), brute_force(n, &w), "case {case}: n {n}, weights {w:?}");
        }
    }

    #[test]
    fn optimum_after_updates_at_some_vertices() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for case in 0..300 {
            let n = 2 + (case % 9);
            let mut w = random_weights(&mut rng, n, [4, 50][case % 2], 70);
            let mut m = Matching::<1>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    m.set_weight(u, v, Wide::from_u64(w[u * n + v]));
                }
            }
            m.solve();
            for round in 0..6 {
                let changed = 1 + rng.next(3) as usize;
                for _ in 0..changed {
                    let u = rng.next(n as u64) as usize;
                    for v in 0..n {
                        if v != u && rng.next(2) == 0 {
                            let value = if rng.next(4) == 0 { 0 } else { rng.next(60) + 1 };
                            w[u * n + v] = value;
                            w[v * n + u] = value;
                            m.set_weight(u, v, Wide::from_u64(value));
                        }
                    }
                }
                m.solve();
                assert_eq!(total(&m, n, &w), brute_force(n, &w), "case {case} round {round}: weights {w:?}");
            }
        }
    }
}
