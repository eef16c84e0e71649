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
//! A stage grows its trees along tight edges only until none is left; only then, at its first dual change, does
//! it compute each node's least-slack edge from an outer vertex (and each blossom formed so far its nearest
//! vertex towards every vertex), which it then keeps up to date through its scans, blossoms and dual changes.
//! Most stages of a round find their augmenting path without a dual change, and their blossoms (of dual zero)
//! are dissolved again at the stage's end: they never pay for the bookkeeping.
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
    /// Vertex duals (`0..nv`), then blossom duals (`nv..2nv`).
    dual: Vec<Wide<N>>,
    /// The lowest limb of each vertex dual (`0..nv`), side by side.
    dual_low: Vec<u64>,
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
    /// For a node `x` and a vertex `u` outside it: the vertex of `x` whose edge to `u` has the least slack
    /// (for a blossom formed in the current stage, only once the stage is `tracking`).
    nearest: Vec<u32>,
    /// For a top-level node: the outer vertex with the least-slack edge to it (once the stage is `tracking`).
    best: Vec<u32>,
    /// The slack of that edge, kept up to date through the dual changes.
    best_slack: Vec<Wide<N>>,
    /// Whether the current stage keeps `best` and the new blossoms' `nearest` (from its first dual change on).
    tracking: bool,
    /// The blossoms formed in the current stage before it was `tracking`, children before parents.
    untracked: Vec<u32>,
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
            dual: vec![Wide::ZERO; nodes],
            dual_low: vec![0; nv],
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
            nearest: (0..nodes).flat_map(|x| (0..nv).map(move |_| if x < nv { x as u32 } else { NONE })).collect(),
            best: vec![NONE; nodes],
            best_slack: vec![Wide::ZERO; nodes],
            tracking: false,
            untracked: Vec::new(),
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

    /// Sets the dual of vertex `v` (and its lowest limb beside the others').
    #[inline]
    fn set_vertex_dual(&mut self, v: usize, value: Wide<N>) {
        self.dual[v] = value;
        self.dual_low[v] = value.0[0];
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

    fn nearest_in(&self, x: u32, u: u32) -> u32 {
        self.nearest[x as usize * self.nv + u as usize]
    }

    /// One stage: grows search trees from every exposed node until an augmenting path is found and used
    /// (`true`), or no node is exposed (`false`).
    fn stage(&mut self) -> bool {
        let tops = self.tops();
        for &x in &tops {
            self.label[x as usize] = FREE;
            self.best[x as usize] = NONE;
        }
        self.tracking = false;
        self.untracked.clear();
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
                let augmented = if self.tracking { self.scan_tracking(u) } else { self.scan(u) };
                if augmented {
                    return true;
                }
            }
            if !self.tracking {
                self.start_tracking();
            }
            let Some(delta) = self.delta() else { return false };
            self.apply_delta(delta);
            for x in self.tops() {
                let u = self.best[x as usize];
                if !self.is_top(x as usize) || u == NONE || self.top[u as usize] == x || self.label[x as usize] == INNER
                {
                    continue;
                }
                let v = self.nearest_in(x, u);
                if self.best_slack[x as usize].is_zero() && self.tight_edge(u, v) {
                    return true;
                }
            }
            for b in self.tops() {
                let b = b as usize;
                if self.is_top(b) && b >= self.nv && self.label[b] == INNER && self.dual[b].is_zero() {
                    self.expand_inner(b as u32);
                }
            }
        }
    }

    /// At the stage's first dual change: `nearest` for the blossoms formed so far, and every node's best edge.
    fn start_tracking(&mut self) {
        for b in core::mem::take(&mut self.untracked) {
            if !self.children[b as usize].is_empty() {
                self.refresh_nearest(b, 0..self.nv as u32);
            }
        }
        for x in self.tops() {
            if self.label[x as usize] != INNER {
                self.recompute_best(x);
            }
        }
        self.tracking = true;
    }

    /// A scan once the stage is `tracking`: the tight edges followed, every other edge offered as the best of
    /// the node it reaches when its end there is that node's nearest vertex to `u`.
    fn scan_tracking(&mut self, u: u32) -> bool {
        // The duals do not change while the queue is scanned: `y(u)` once, the slack only when offered.
        let dual_u = self.dual[u as usize];
        let row = u as usize * self.nv;
        for v in 0..self.nv as u32 {
            let top_v = self.top[v as usize];
            if top_v == self.top[u as usize] {
                continue;
            }
            let sum = dual_u.add(&self.dual[v as usize]);
            let weight = self.weight2[row + v as usize];
            if sum == weight {
                if self.tight_edge(u, v) {
                    return true;
                }
            } else if top_v == v || self.nearest_in(top_v, u) == v {
                self.offer_best(u, top_v, sum.sub(&weight));
            }
        }
        false
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
        self.best[x as usize] = NONE;
        self.queue.extend_from_slice(&self.members[x as usize]);
    }

    /// Offers the outer vertex `u`, whose nearest edge into `x` has slack `slack`, as `x`'s best.
    fn offer_best(&mut self, u: u32, x: u32, slack: Wide<N>) {
        let x = x as usize;
        if self.best[x] == NONE || slack < self.best_slack[x] {
            self.best[x] = u;
            self.best_slack[x] = slack;
        }
    }

    fn recompute_best(&mut self, x: u32) {
        self.best[x as usize] = NONE;
        for u in 0..self.nv as u32 {
            let top_u = self.top[u as usize];
            if top_u != x && self.label[top_u as usize] == OUTER {
                let slack = self.slack(u, self.nearest_in(x, u));
                self.offer_best(u, x, slack);
            }
        }
    }

    /// The largest dual change that keeps every slack non-negative and every inner blossom's dual too.
    fn delta(&self) -> Option<Wide<N>> {
        let mut delta: Option<Wide<N>> = None;
        let mut offer = |value: Wide<N>| {
            if delta.is_none_or(|d| value < d) {
                delta = Some(value);
            }
        };
        for x in self.tops() {
            let x = x as usize;
            if x >= self.nv && self.label[x] == INNER {
                offer(self.dual[x].half());
            }
            let u = self.best[x];
            if u == NONE || self.top[u as usize] as usize == x {
                continue;
            }
            match self.label[x] {
                FREE => offer(self.best_slack[x]),
                OUTER => offer(self.best_slack[x].half()),
                _ => {}
            }
        }
        delta
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
        for x in 0..2 * self.nv {
            if self.is_top(x) && self.best[x] != NONE {
                match self.label[x] {
                    FREE => self.best_slack[x] = self.best_slack[x].sub(&delta),
                    OUTER => self.best_slack[x] = self.best_slack[x].sub(&twice),
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
                self.best[top_v as usize] = NONE;
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
        if !self.tracking {
            self.untracked.push(b);
            return;
        }
        // `nearest` towards every vertex outside, and the best outer vertex from the same slacks.
        self.best[bi] = NONE;
        for u in 0..self.nv as u32 {
            if let Some(least) = self.refresh_nearest_one(b, u) {
                if self.label[self.top[u as usize] as usize] == OUTER {
                    self.offer_best(u, b, least);
                }
            }
        }
    }

    /// `nearest` of blossom `b` towards each vertex of `targets` outside it, from its children's.
    fn refresh_nearest(&mut self, b: u32, targets: impl Iterator<Item = u32>) {
        for u in targets {
            self.refresh_nearest_one(b, u);
        }
    }

    /// `nearest` of blossom `b` towards vertex `u`, from its children's; the slack of that edge, or `None`
    /// when `u` is in `b`.
    fn refresh_nearest_one(&mut self, b: u32, u: u32) -> Option<Wide<N>> {
        let bi = b as usize;
        if self.top[u as usize] == b || self.in_child_of(bi, u) != NONE {
            return None;
        }
        let mut chosen = NONE;
        let mut least = Wide::ZERO;
        for &c in &self.children[bi] {
            let candidate = self.nearest_in(c, u);
            let slack = self.slack(candidate, u);
            if chosen == NONE || slack < least {
                chosen = candidate;
                least = slack;
            }
        }
        self.nearest[bi * self.nv + u as usize] = chosen;
        (chosen != NONE).then_some(least)
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
                self.best[c as usize] = NONE;
            } else {
                self.make_outer(c);
            }
        }
        for &c in &children {
            if self.label[c as usize] == FREE {
                self.recompute_best(c);
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
            self.refresh_nearest_towards(v);
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

    /// `nearest` of every blossom towards vertex `v` (in no blossom), children before parents.
    fn refresh_nearest_towards(&mut self, v: u32) {
        let mut order = Vec::new();
        let mut stack: Vec<u32> = self.tops().into_iter().filter(|&b| b as usize >= self.nv).collect();
        while let Some(b) = stack.pop() {
            order.push(b);
            stack.extend(self.children[b as usize].iter().filter(|&&c| c as usize >= self.nv));
        }
        for &b in order.iter().rev() {
            self.refresh_nearest(b, core::iter::once(v));
        }
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

    /// A matching of the weights `w` (`n × n`), solved from nothing.
    fn solved(n: usize, w: &[u64]) -> Matching<1> {
        let mut m = Matching::<1>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                m.set_weight(u, v, Wide::from_u64(w[u * n + v]));
            }
        }
        m.solve();
        m
    }

    #[test]
    fn optimum_of_random_graphs_from_scratch() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..400 {
            let n = 1 + (case % 10);
            let w = random_weights(&mut rng, n, [3, 10, 1000][case % 3], [30, 60, 100][(case / 3) % 3]);
            let m = solved(n, &w);
            assert_eq!(total(&m, n, &w), brute_force(n, &w), "case {case}: n {n}, weights {w:?}");
        }
    }

    #[test]
    fn optimum_after_updates_at_some_vertices() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for case in 0..300 {
            let n = 2 + (case % 9);
            let mut w = random_weights(&mut rng, n, [4, 50][case % 2], 70);
            let mut m = solved(n, &w);
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

    /// Graphs too large to try every matching: after each update the total is the one a matching solved from
    /// nothing finds (the stages with dual changes and blossoms kept across updates against the plain path).
    #[test]
    fn updates_of_larger_graphs_reach_the_optimum_found_from_nothing() {
        let mut rng = Rng(0x853c_49e6_748f_ea9b);
        let mut totals = Vec::new();
        for case in 0..12 {
            let n = 24 + 3 * case;
            let mut w = random_weights(&mut rng, n, [6, 1000][case % 2], 80);
            let mut m = solved(n, &w);
            for round in 0..8 {
                let u = rng.next(n as u64) as usize;
                for v in (0..n).filter(|&v| v != u) {
                    if rng.next(3) == 0 {
                        let value = if rng.next(5) == 0 { 0 } else { rng.next(900) + 1 };
                        w[u * n + v] = value;
                        w[v * n + u] = value;
                        m.set_weight(u, v, Wide::from_u64(value));
                    }
                }
                m.solve();
                let expected = total(&solved(n, &w), n, &w);
                assert_eq!(total(&m, n, &w), expected, "case {case} round {round}");
                totals.push(expected);
            }
        }
        // The graphs are not all trivial: every optimum found weighs something.
        assert!(totals.iter().all(|&t| t > 0), "{totals:?}");
    }
}
