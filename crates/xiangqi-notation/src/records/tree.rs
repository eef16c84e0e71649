//! A move tree as binary and DhtmlXQ records store it (nodes that point to their children), and its conversion
//! into the [`Line`]/[`Node`] shape of a [`GameRecord`](crate::GameRecord), checking every move on the way.

use xiangqi_board::{Color, Move, Position};

use crate::{
    records::lenient::Context, Line, Location, MoveError, MoveProblem, Node, RecordError, RecordErrorKind, WarningKind,
    MAX_VARIATION_DEPTH,
};

/// A move as a record stores it: two squares, or raw numbers that name no square.
#[derive(Clone, Debug)]
pub(crate) enum RawMove {
    /// Two squares of the board, and the move's text in the record if it has one (DhtmlXQ's four digits).
    Squares(Move, Option<String>),
    /// Numbers off the board, kept as text for the error message.
    OffBoard(String),
}

/// One node of a [`Tree`]: the move that leads to it, its comment and its children.
#[derive(Clone, Debug)]
pub(crate) struct TreeNode {
    pub(crate) mv: RawMove,
    pub(crate) comment: Option<String>,
    /// The comment before the move, kept when the move starts a variation.
    pub(crate) before: Option<String>,
    /// Where the move is in the input (a byte offset), for errors.
    pub(crate) at: usize,
    /// The moves that follow: the first is the main continuation, the others are alternatives to it.
    pub(crate) children: Vec<usize>,
}

/// A move record of the binary formats that store the tree depth first (XQF, CBR): the node, whether its next
/// move follows, and whether an alternative to it follows (after its continuation).
pub(crate) struct Record {
    pub(crate) node: TreeNode,
    pub(crate) next: bool,
    pub(crate) alternative: bool,
}

/// A move tree in an arena: node 0 is the start position (its move is never read).
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<TreeNode>,
}

/// The arena index of the start position.
pub(crate) const ROOT: usize = 0;

impl Tree {
    /// A tree with only the start position, whose comment is `comment`.
    pub(crate) fn new(comment: Option<String>) -> Tree {
        let root =
            TreeNode { mv: RawMove::OffBoard(String::new()), comment, before: None, at: 0, children: Vec::new() };
        Tree { nodes: vec![root] }
    }

    /// Adds `node` as the last child of `parent` and returns its index.
    pub(crate) fn push(&mut self, parent: usize, node: TreeNode) -> usize {
        let index = self.nodes.len();
        self.nodes.push(node);
        if let Some(parent) = self.nodes.get_mut(parent) {
            parent.children.push(index);
        }
        index
    }

    /// Reads a tree stored depth first: `root` is the start position's record, `read` gives the next record
    /// each time it is called. Iterative, so the depth of the tree is not limited by the stack.
    ///
    /// # Errors
    /// The first error of `read`.
    pub(crate) fn read_depth_first(
        root: Record,
        mut read: impl FnMut() -> Result<Record, RecordError>,
    ) -> Result<Tree, RecordError> {
        let mut tree = Tree::new(root.node.comment);
        // Where the next record goes, and the parents of the alternatives still to come (innermost last).
        let mut parent = root.next.then_some(ROOT);
        let mut pending = Vec::new();
        while let Some(at) = parent {
            let record = read()?;
            let index = tree.push(at, record.node);
            if record.alternative {
                pending.push(at);
            }
            parent = if record.next { Some(index) } else { pending.pop() };
        }
        Ok(tree)
    }

    /// The side that makes the first move: the colour of the piece on the start square of the main line's first
    /// move, Red when there is no move or no such piece (the move is then rejected when the tree is checked).
    pub(crate) fn first_mover(&self, board: &xiangqi_board::Board) -> Color {
        let first = self.nodes[ROOT].children.first().map(|&child| &self.nodes[child].mv);
        match first {
            Some(RawMove::Squares(mv, _)) => board.color_at(mv.from).unwrap_or(Color::Red),
            _ => Color::Red,
        }
    }

    /// Lenient mode: removes every node whose move cannot be played from `start`, with its subtree (a removed
    /// first child's next sibling becomes the main continuation), and warns of each in `context`, in the order
    /// of the input. In the strict mode nothing is removed: [`Tree::into_line`] reports the first bad move.
    pub(crate) fn prune(&mut self, start: &Position, locate: &dyn Fn(usize) -> Location, context: &mut Context) {
        if !context.options.is_lenient() {
            return;
        }
        let mut cut = Vec::new();
        // (node, the position after it, its ply, whether it is off the main line)
        let mut stack = vec![(ROOT, start.clone(), 0, false)];
        while let Some((index, pos, ply, in_variation)) = stack.pop() {
            let children = core::mem::take(&mut self.nodes[index].children);
            let mut kept = Vec::with_capacity(children.len());
            for (rank, child) in children.into_iter().enumerate() {
                let in_variation = in_variation || rank > 0;
                match play_raw(&self.nodes[child].mv, &pos) {
                    Ok(after) => {
                        kept.push(child);
                        stack.push((child, after, ply + 1, in_variation));
                    }
                    Err((text, problem)) => cut.push((
                        self.nodes[child].at,
                        MoveError { ply: ply + 1, in_variation, text, problem, read_as: None },
                    )),
                }
            }
            self.nodes[index].children = kept;
        }
        cut.sort_by_key(|(at, _)| *at);
        for (at, error) in cut {
            context.warn(locate(at), WarningKind::Pruned(error));
        }
    }

    /// Checks every move from `start` and returns the main line with its variations. `locate` turns a node's
    /// offset into the [`Location`] an error names.
    ///
    /// The main line is checked before the variations, so its first bad move is the one reported.
    ///
    /// # Errors
    /// A [`MoveError`] for the first move that is off the board or not legal, or
    /// [`RecordErrorKind::TooDeep`].
    pub(crate) fn into_line(self, start: &Position, locate: &dyn Fn(usize) -> Location) -> Result<Line, RecordError> {
        let mut line = Line { comment: self.nodes[ROOT].comment.clone(), nodes: Vec::new() };
        let checker = Checker { tree: &self, locate };
        checker.follow(ROOT, start.clone(), 0, 0, &mut line)?;
        Ok(line)
    }
}

/// A tree being checked, with the way to name where its nodes are.
struct Checker<'a> {
    tree: &'a Tree,
    locate: &'a dyn Fn(usize) -> Location,
}

impl Checker<'_> {
    /// Appends to `line` the main continuation of `from` (reached at ply `ply` in position `pos`), with the
    /// alternatives of each move as variations.
    fn follow(
        &self,
        from: usize,
        mut pos: Position,
        mut ply: usize,
        depth: usize,
        line: &mut Line,
    ) -> Result<(), RecordError> {
        let in_variation = depth > 0;
        // (index in `line.nodes`, tree node whose other children are the alternatives, position before, ply)
        let mut branches = Vec::new();
        let mut parent = from;
        while let Some(&main) = self.tree.nodes[parent].children.first() {
            let node = &self.tree.nodes[main];
            let next = self.play(main, &pos, ply + 1, in_variation)?;
            if self.tree.nodes[parent].children.len() > 1 {
                branches.push((line.nodes.len(), parent, pos, ply));
            }
            line.nodes.push(Node { comment: node.comment.clone(), ..Node::new(next.1) });
            pos = next.0;
            ply += 1;
            parent = main;
        }
        for (index, parent, pos, ply) in branches {
            if depth + 1 > MAX_VARIATION_DEPTH {
                let at = self.tree.nodes[self.tree.nodes[parent].children[1]].at;
                return Err(RecordError::new((self.locate)(at), RecordErrorKind::TooDeep));
            }
            for &alternative in &self.tree.nodes[parent].children[1..] {
                let (after, mv) = self.play(alternative, &pos, ply + 1, true)?;
                let node = &self.tree.nodes[alternative];
                let mut variation = Line { comment: node.before.clone(), nodes: Vec::new() };
                variation.nodes.push(Node { comment: node.comment.clone(), ..Node::new(mv) });
                self.follow(alternative, after, ply + 1, depth + 1, &mut variation)?;
                line.nodes[index].variations.push(variation);
            }
        }
        Ok(())
    }

    /// Plays the move of tree node `index` in `pos`, or says why it cannot be played.
    fn play(
        &self,
        index: usize,
        pos: &Position,
        ply: usize,
        in_variation: bool,
    ) -> Result<(Position, Move), RecordError> {
        let node = &self.tree.nodes[index];
        match (play_raw(&node.mv, pos), &node.mv) {
            (Ok(after), RawMove::Squares(mv, _)) => Ok((after, *mv)),
            (Ok(_), RawMove::OffBoard(_)) => unreachable!("a move off the board is never played"),
            (Err((text, problem)), _) => Err(RecordError::new(
                (self.locate)(node.at),
                MoveError { ply, in_variation, text, problem, read_as: None },
            )),
        }
    }
}

/// Plays a recorded move in `pos`, or gives its text and why it cannot be played.
fn play_raw(mv: &RawMove, pos: &Position) -> Result<Position, (String, MoveProblem)> {
    match mv {
        RawMove::OffBoard(text) => Err((text.clone(), MoveProblem::OffBoard)),
        RawMove::Squares(mv, text) => {
            check_move(pos, *mv).map_err(|problem| (text.clone().unwrap_or_else(|| mv.to_string()), problem))
        }
    }
}

/// Plays `mv` in `pos`, or says (with the board's reason) why it is illegal.
pub(crate) fn check_move(pos: &Position, mv: Move) -> Result<Position, MoveProblem> {
    Ok(pos.play(mv)?)
}
