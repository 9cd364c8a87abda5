//! The page's side of the bots' Web Worker: start it, send it jobs, await the
//! replies. When a worker cannot be started or fails, [`ask`] answers `None`
//! and the caller does the work itself (the page then pauses briefly, but the
//! game goes on).

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker};

use crate::worker::{self, Job, Reply, READY};

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
    static CLIENT: RefCell<Client> = RefCell::new(Client::default());
}

/// Starts the worker (once). Failing only means the page computes itself.
pub fn start() {
    let started = CLIENT.with(|c| c.borrow().worker.is_some() || c.borrow().failed);
    if started {
        return;
    }
    let worker = match Worker::new(LOADER) {
        Ok(worker) => worker,
        Err(_) => {
            CLIENT.with(|c| c.borrow_mut().failed = true);
            return;
        }
    };
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(|event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        if text == READY {
            let (worker, queued) = CLIENT.with(|c| {
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
        let resolve = CLIENT.with(|c| c.borrow_mut().pending.remove(&id));
        if let Some(resolve) = resolve {
            let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }
    });
    // A worker that cannot load (or crashes) answers every waiting job with nothing.
    let on_error = Closure::<dyn Fn(JsValue)>::new(|_event: JsValue| fail());
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    CLIENT.with(|c| c.borrow_mut().worker = Some(worker));
}

fn fail() {
    let pending: Vec<js_sys::Function> = CLIENT.with(|c| {
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
    let failed = CLIENT.with(|c| c.borrow().failed || c.borrow().worker.is_none());
    let promise = (!failed).then(|| {
        js_sys::Promise::new(&mut |resolve, _reject| {
            CLIENT.with(|c| {
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
