//! What each thing a task can wait on ([`WaitOn`]) means for the page: the lane state it
//! puts the task in. Adding a wait state is adding its `WaitOn` variant in the runtime, its
//! arms here, and its words in the message files.

use super::LaneState;
use crate::runtime::WaitOn;

impl WaitOn {
    /// The lane state of a task suspended on this.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// use asyncio_playground::teach::LaneState;
    /// assert_eq!(WaitOn::Gather.lane_state(), LaneState::WaitingJoin);
    /// ```
    pub fn lane_state(&self) -> LaneState {
        match self {
            WaitOn::Sleep { .. } => LaneState::Sleeping,
            WaitOn::Yield => LaneState::Ready,
            WaitOn::Lock => LaneState::WaitingLock,
            WaitOn::Semaphore => LaneState::WaitingSemaphore,
            WaitOn::Event => LaneState::WaitingEvent,
            WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup => LaneState::WaitingJoin,
            WaitOn::Worker { .. } => LaneState::InWorker,
            WaitOn::Fetch { .. } => LaneState::Fetching,
            WaitOn::Future => LaneState::Waiting,
        }
    }
}
