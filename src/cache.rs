//! Tables built once per process and shared by every position: keyed by their
//! type (which includes the chunk count) and a value (board size, variant).

use std::any::{Any, TypeId};
use std::sync::{Mutex, OnceLock};

type Entry = (TypeId, usize, &'static (dyn Any + Send + Sync));

fn find<T: Any>(cache: &[Entry], key: usize) -> Option<&'static T> {
    let id = TypeId::of::<T>();
    cache
        .iter()
        .find(|(i, k, _)| *i == id && *k == key)
        .and_then(|(_, _, t)| t.downcast_ref())
}

/// The `T` for `key`, built by `build` the first time it is asked for.
pub fn shared<T: Any + Send + Sync>(key: usize, build: impl FnOnce() -> T) -> &'static T {
    static CACHE: OnceLock<Mutex<Vec<Entry>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let lock = || cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = find(&lock(), key) {
        return t;
    }
    // Built outside the lock: a table may ask for another one while building.
    let built = build();
    let mut entries = lock();
    if let Some(t) = find(&entries, key) {
        return t;
    }
    let t: &'static T = Box::leak(Box::new(built));
    entries.push((TypeId::of::<T>(), key, t));
    t
}
