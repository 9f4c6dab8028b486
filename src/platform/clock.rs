//! The browser clock: the [`Platform`] the real-clock runs use.
//!
//! Loop time is `performance.now()` since the run started, divided by the time scale
//! (wall seconds per guide-second), so the loop always speaks guide-seconds. Whatever the
//! number of sleeping tasks, at most ONE `setTimeout` is armed: the loop's timer heap asks
//! for its earliest deadline only. "Run again soon" posts a message on a `MessageChannel`,
//! which browsers deliver without the 4 ms clamp that nested `setTimeout(0)` gets.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use web_sys::{MessageChannel, MessagePort};

use super::perf_now;
use crate::runtime::Platform;

/// What the clock calls when the loop should run (the driver's tick).
pub type Tick = Rc<dyn Fn()>;

/// `performance.now()`-based time, one timer, one message channel.
pub struct BrowserClock {
    origin_ms: f64,
    scale: f64,
    wake: RefCell<Option<Tick>>,
    timer: RefCell<Option<Timeout>>,
    armed_for: Cell<Option<f64>>,
    timers_armed: Cell<u64>,
    poll_pending: Cell<bool>,
    /// Where "run again soon" is posted, and where it arrives (its handler is ours).
    port: MessagePort,
    receiver: MessagePort,
    me: std::rc::Weak<BrowserClock>,
    _channel: MessageChannel,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

impl BrowserClock {
    /// A clock starting now; `scale` is wall seconds per guide-second (> 0).
    pub fn new(scale: f64) -> Result<Rc<Self>, JsValue> {
        let channel = MessageChannel::new()?;
        let receiver = channel.port1();
        let port = channel.port2();
        let clock = Rc::new_cyclic(|me: &std::rc::Weak<BrowserClock>| {
            let weak = me.clone();
            let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_| {
                if let Some(clock) = weak.upgrade() {
                    clock.poll_pending.set(false);
                    clock.fire();
                }
            });
            receiver.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            BrowserClock {
                origin_ms: perf_now(),
                scale: if scale > 0.0 { scale } else { 1.0 },
                wake: RefCell::new(None),
                timer: RefCell::new(None),
                armed_for: Cell::new(None),
                timers_armed: Cell::new(0),
                poll_pending: Cell::new(false),
                port,
                receiver: receiver.clone(),
                me: me.clone(),
                _channel: channel,
                _on_message: on_message,
            }
        });
        Ok(clock)
    }

    /// Sets what runs when the timer fires or the message arrives.
    pub fn set_wake(&self, wake: Option<Tick>) {
        *self.wake.borrow_mut() = wake;
    }

    fn fire(&self) {
        let wake = self.wake.borrow().clone();
        if let Some(wake) = wake {
            wake();
        }
    }

    /// Wall milliseconds until loop time `t` (negative if past).
    pub fn wall_ms_until(&self, t: f64) -> f64 {
        (t - self.now()) * self.scale * 1000.0
    }

    /// Runs the loop at `deadline` (or never, with `None`), replacing the previous request:
    /// the one `setTimeout` of the page's loop.
    pub fn arm(&self, deadline: Option<f64>) {
        if deadline.is_some() && deadline == self.armed_for.get() {
            return;
        }
        // Dropping a gloo Timeout clears it: the previous timer is cancelled here.
        self.timer.borrow_mut().take();
        self.armed_for.set(deadline);
        let Some(deadline) = deadline else { return };
        // Rounded down: a timer that fires a little early is topped up by message-channel
        // hops (see the driver), where rounding up would make every sleep up to 1 ms late.
        let wall_delay_ms = ((deadline - self.now()) * self.scale * 1000.0).max(0.0).floor();
        let me = self.me.clone();
        self.timers_armed.set(self.timers_armed.get() + 1);
        *self.timer.borrow_mut() = Some(Timeout::new(wall_delay_ms.min(u32::MAX as f64) as u32, move || {
            if let Some(clock) = me.upgrade() {
                clock.armed_for.set(None);
                clock.fire();
            }
        }));
    }

    /// Wall milliseconds since the clock started.
    pub fn wall_ms(&self) -> f64 {
        perf_now() - self.origin_ms
    }

    /// How many `setTimeout`s were armed in all (each replacing the previous one).
    pub fn timers_armed(&self) -> u64 {
        self.timers_armed.get()
    }

    /// True while a `setTimeout` is armed and has not fired.
    pub fn timer_is_armed(&self) -> bool {
        self.armed_for.get().is_some()
    }

    /// Cancels the timer and forgets the wake callback: nothing of this clock runs again.
    /// The message channel's handler is removed and both ends closed.
    pub fn shut_down(&self) {
        self.arm(None);
        self.set_wake(None);
        self.receiver.set_onmessage(None);
        self.receiver.close();
        self.port.close();
    }

    /// True while the message channel's handler is installed (until [`BrowserClock::shut_down`]).
    pub fn listening(&self) -> bool {
        self.receiver.onmessage().is_some()
    }
}

impl Platform for BrowserClock {
    fn now(&self) -> f64 {
        self.wall_ms() / 1000.0 / self.scale
    }

    fn poll_soon(&self) {
        if !self.poll_pending.replace(true) {
            let _ = self.port.post_message(&JsValue::NULL);
        }
    }

    fn block(&self, secs: f64) {
        let until = perf_now() + secs * self.scale * 1000.0;
        while perf_now() < until {}
    }
}
