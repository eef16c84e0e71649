//! [`Context`]: what every criterion reads.

use crate::checked::CheckedRound;
use crate::policy::Policies;
use crate::record::Record;
use crate::tournament::Tournament;

/// What the criteria read: the event, its rounds after withdrawals, the records and the policies.
pub(crate) struct Context<'a> {
    pub(crate) tournament: &'a Tournament,
    pub(crate) rounds: &'a [CheckedRound],
    pub(crate) records: &'a [Record],
    pub(crate) policies: &'a Policies,
}

impl Context<'_> {
    /// The number of participants.
    pub(crate) fn len(&self) -> usize {
        self.records.len()
    }
}
