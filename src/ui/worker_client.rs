//! The page's side of the bots' Web Workers: start them, send them jobs, await
//! the replies. Two workers run the same program: one for the moves and hints
//! the player waits for, one for par, which takes seconds and must not hold a
//! bot's move up. When a worker cannot be started or fails, [`ask`] answers
//! `None` and the caller does the work itself (the page then pauses briefly,
//! but the game goes on).

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker};

use crate::app::worker::{self, Job, Reply, READY};

/// The worker's loader (`public/worker-loader.js`, copied next to the page).
const LOADER: &str = "./worker-loader.js";

#[derive(Default)]
struct Client {
    worker: Option<Worker>,
    ready: bool,
    failed: bool,
    next_id: u32,
    /// Requests written before the worker said it was ready.
    queued: Vec<String>,
    /// The promise resolvers of the requests in flight.
    pending: HashMap<u32, js_sys::Function>,
}

thread_local! {
    static MOVES: RefCell<Client> = RefCell::new(Client::default());
    static BACKGROUND: RefCell<Client> = RefCell::new(Client::default());
}

type Lane = &'static std::thread::LocalKey<RefCell<Client>>;

/// The worker a job goes to.
fn lane(job: &Job) -> Lane {
    match job {
        Job::Par { .. } => &BACKGROUND,
        // A puzzle's move evaluated (issue 52): the player waits for it as
        // for a bot's move, and no bot plays on a puzzle's table.
        Job::Decide { .. } | Job::Analyse { .. } | Job::Evaluate { .. } | Job::Advise { .. } => &MOVES,
    }
}

/// Starts both workers (once; the first game does it, [`ask`] too if needed).
/// Failing only means the page computes itself.
pub fn start() {
    start_lane(&MOVES);
    start_lane(&BACKGROUND);
}

fn start_lane(client: Lane) {
    let started = client.with(|c| c.borrow().worker.is_some() || c.borrow().failed);
    if started {
        return;
    }
    let worker = match Worker::new(LOADER) {
        Ok(worker) => worker,
        Err(_) => {
            client.with(|c| c.borrow_mut().failed = true);
            return;
        }
    };
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        if text == READY {
            let (worker, queued) = client.with(|c| {
                let mut c = c.borrow_mut();
                c.ready = true;
                (c.worker.clone(), std::mem::take(&mut c.queued))
            });
            if let Some(worker) = worker {
                for request in queued {
                    let _ = worker.post_message(&JsValue::from_str(&request));
                }
            }
            return;
        }
        let Some(id) = worker::response(&text).map(|r| r.id) else { return };
        let resolve = client.with(|c| c.borrow_mut().pending.remove(&id));
        if let Some(resolve) = resolve {
            let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }
    });
    // A worker that cannot load (or crashes) answers every waiting job with nothing.
    let on_error = Closure::<dyn Fn(JsValue)>::new(move |_event: JsValue| fail(client));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    client.with(|c| c.borrow_mut().worker = Some(worker));
}

/// Stops a busy worker and starts a fresh one; the jobs in flight answer nothing.
fn restart(client: Lane) {
    fail(client);
    client.with(|c| *c.borrow_mut() = Client::default());
    start_lane(client);
}

fn fail(client: Lane) {
    let pending: Vec<js_sys::Function> = client.with(|c| {
        let mut c = c.borrow_mut();
        c.failed = true;
        c.ready = false;
        if let Some(worker) = c.worker.take() {
            worker.terminate();
        }
        c.queued.clear();
        c.pending.drain().map(|(_, f)| f).collect()
    });
    for resolve in pending {
        let _ = resolve.call1(&JsValue::NULL, &JsValue::NULL);
    }
}

/// Sends `job` now and returns the reply's future (`None`: no worker, do it yourself).
pub fn ask(job: Job) -> impl Future<Output = Option<Reply>> {
    let client = lane(&job);
    start_lane(client);
    // A new par supersedes the one still running (a new game started).
    if matches!(job, Job::Par { .. }) && client.with(|c| !c.borrow().pending.is_empty()) {
        restart(client);
    }
    let failed = client.with(|c| c.borrow().failed || c.borrow().worker.is_none());
    let promise = (!failed).then(|| {
        js_sys::Promise::new(&mut |resolve, _reject| {
            client.with(|c| {
                let mut c = c.borrow_mut();
                c.next_id = c.next_id.wrapping_add(1);
                let id = c.next_id;
                let request = worker::request(id, job.clone());
                c.pending.insert(id, resolve);
                if c.ready {
                    if let Some(worker) = &c.worker {
                        let _ = worker.post_message(&JsValue::from_str(&request));
                    }
                } else {
                    c.queued.push(request);
                }
            });
        })
    });
    async move {
        let value = wasm_bindgen_futures::JsFuture::from(promise?).await.ok()?;
        let reply = worker::response(&value.as_string()?)?.reply;
        match reply {
            Reply::Error { .. } => None,
            other => Some(other),
        }
    }
}
