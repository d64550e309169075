//! What the threads of a Lazy-SMP search tell each other about their depths.
//!
//! The main thread publishes the depth it is searching; a helper's next
//! iteration is at least that deep, so that it joins the main thread's
//! iteration, which the deferral of moves another thread is in (`busy`) splits
//! between them, instead of lagging behind it. A helper that completes an
//! iteration deeper than any before posts its result, and the main thread,
//! once a posted result is at least as deep as the iteration it is in, takes it
//! over and goes on one deeper: whichever thread gets to a depth first, the
//! search has that depth.

use super::SearchResult;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

#[derive(Default)]
pub struct Lead {
    main_depth: AtomicU32,
    /// Depth of `posted` (0: none), readable without the lock.
    posted_depth: AtomicU32,
    /// The deepest iteration a helper completed, with its seldepth.
    posted: Mutex<Option<(SearchResult, u32)>>,
}

impl Lead {
    /// The main thread starts an iteration of `depth`.
    pub fn publish(&self, depth: u32) {
        self.main_depth.store(depth, Ordering::Relaxed);
    }

    /// The depth the main thread is searching.
    pub fn main_depth(&self) -> u32 {
        self.main_depth.load(Ordering::Relaxed)
    }

    /// A helper completed an iteration: kept if it is the deepest yet.
    pub fn post(&self, result: &SearchResult, seldepth: u32) {
        if result.depth <= self.posted_depth.load(Ordering::Acquire) {
            return;
        }
        // A poisoned lock only means a helper failed while posting: the slot
        // still holds a whole result or none.
        let mut slot = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        if slot.as_ref().is_none_or(|(r, _)| r.depth < result.depth) {
            *slot = Some((result.clone(), seldepth));
            self.posted_depth.store(result.depth, Ordering::Release);
        }
    }

    /// Whether a helper has completed an iteration of at least `depth`.
    #[inline]
    pub fn overtakes(&self, depth: u32) -> bool {
        self.posted_depth.load(Ordering::Acquire) >= depth
    }

    /// Whether a helper has completed an iteration at least as deep as the one
    /// the main thread is in.
    #[inline]
    pub fn main_overtaken(&self) -> bool {
        self.overtakes(self.main_depth())
    }

    /// The helpers' deepest result, if it is of at least `depth`.
    pub fn take_over(&self, depth: u32) -> Option<(SearchResult, u32)> {
        if !self.overtakes(depth) {
            return None;
        }
        let slot = self.posted.lock().unwrap_or_else(|e| e.into_inner());
        slot.clone().filter(|(r, _)| r.depth >= depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(depth: u32) -> SearchResult {
        SearchResult {
            depth,
            score: depth as i32,
            ..Default::default()
        }
    }

    #[test]
    fn keeps_the_deepest_posted_result() {
        let lead = Lead::default();
        assert!(!lead.overtakes(1));
        assert!(lead.take_over(1).is_none());
        lead.post(&at(4), 9);
        lead.post(&at(3), 7);
        assert!(lead.overtakes(4) && !lead.overtakes(5));
        lead.publish(4);
        assert!(lead.main_overtaken());
        lead.publish(5);
        assert!(!lead.main_overtaken());
        let (r, seldepth) = lead.take_over(2).expect("posted");
        assert_eq!((r.depth, r.score, seldepth), (4, 4, 9));
        assert!(lead.take_over(5).is_none());
        lead.post(&at(6), 11);
        assert_eq!(lead.take_over(5).map(|(r, _)| r.depth), Some(6));
    }
}
