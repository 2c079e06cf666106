//! Background work: the one way the application runs something long (the
//! arbiter's resolution, the what-if preview) without freezing the window.
//!
//! [`Task::spawn`] runs a closure on a named thread. The closure reports with
//! [`Reporter::send`] — each message asks egui to repaint, so the frame that
//! follows takes it — and may look at [`Reporter::is_cancelled`] between two
//! steps of its work. The application calls [`Task::poll`] once a frame.
//! Dropping the [`Task`] cancels it: the thread sees it at its next check or
//! send, and what it sends after that is lost (a newer request replaces an
//! older one by dropping it).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

/// Work under way on a background thread, sending messages of type `M`.
pub struct Task<M> {
    rx: Receiver<M>,
    cancel: Arc<AtomicBool>,
}

/// The background thread's side of a [`Task`].
pub struct Reporter<M> {
    tx: Sender<M>,
    cancel: Arc<AtomicBool>,
    ctx: egui::Context,
}

impl<M> Reporter<M> {
    /// Sends a message to the application and asks egui to repaint. False
    /// when the task was dropped: the work should stop.
    pub fn send(&self, message: M) -> bool {
        if self.tx.send(message).is_err() {
            return false;
        }
        self.ctx.request_repaint();
        true
    }

    /// The task was dropped (cancelled): the work should stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// What a [`Task::poll`] found.
#[derive(Debug, PartialEq, Eq)]
pub struct Polled<M> {
    /// The messages sent since the last poll, oldest first.
    pub messages: Vec<M>,
    /// The thread has ended (normally or not): nothing more will come.
    pub ended: bool,
}

impl<M: Send + 'static> Task<M> {
    /// Runs `work` on a new thread named `name`; its reporter repaints `ctx`.
    /// Fails only when the system cannot start a thread.
    pub fn spawn(
        name: &str,
        ctx: &egui::Context,
        work: impl FnOnce(Reporter<M>) + Send + 'static,
    ) -> std::io::Result<Self> {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let reporter = Reporter {
            tx,
            cancel: Arc::clone(&cancel),
            ctx: ctx.clone(),
        };
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || work(reporter))?;
        Ok(Task { rx, cancel })
    }
}

impl<M> Task<M> {
    /// Takes what the thread sent so far (never waits).
    pub fn poll(&mut self) -> Polled<M> {
        let mut messages = Vec::new();
        loop {
            match self.rx.try_recv() {
                Ok(message) => messages.push(message),
                Err(TryRecvError::Empty) => {
                    return Polled {
                        messages,
                        ended: false,
                    };
                }
                Err(TryRecvError::Disconnected) => {
                    return Polled {
                        messages,
                        ended: true,
                    };
                }
            }
        }
    }
}

impl<M> Drop for Task<M> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polls until the thread has ended, keeping every message.
    fn wait<M>(task: &mut Task<M>) -> Vec<M> {
        let mut all = Vec::new();
        loop {
            let polled = task.poll();
            all.extend(polled.messages);
            if polled.ended {
                return all;
            }
            std::thread::yield_now();
        }
    }

    #[test]
    fn the_messages_arrive_in_order_then_the_end() {
        let ctx = egui::Context::default();
        let mut task = Task::spawn("test", &ctx, |reporter| {
            for n in 0..5 {
                reporter.send(n);
            }
        })
        .expect("a thread");
        assert_eq!(wait(&mut task), vec![0, 1, 2, 3, 4]);
        assert_eq!(
            task.poll(),
            Polled {
                messages: vec![],
                ended: true
            }
        );
    }

    #[test]
    fn a_dropped_task_is_cancelled_and_its_sends_fail() {
        let ctx = egui::Context::default();
        let (seen_tx, seen_rx) = channel();
        let (go_tx, go_rx) = channel::<()>();
        let task = Task::spawn("test", &ctx, move |reporter| {
            // Waits for the task to be dropped.
            let _ = go_rx.recv();
            let _ = seen_tx.send((reporter.is_cancelled(), reporter.send(1)));
        })
        .expect("a thread");
        drop(task);
        go_tx.send(()).expect("the thread waits");
        assert_eq!(seen_rx.recv().expect("the thread answers"), (true, false));
    }

    #[test]
    fn a_thread_that_panics_ends_the_task() {
        let ctx = egui::Context::default();
        let mut task: Task<u32> = Task::spawn("test", &ctx, |_| panic!("boom")).expect("a thread");
        assert_eq!(wait(&mut task), Vec::<u32>::new());
    }
}
