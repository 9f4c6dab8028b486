# English. Every message the page shows outside the Python code.
# Numbers arrive already written (Latin digits, "." decimals); $n-style counts choose plurals.

## sleep

sleep-title = The event loop and asyncio.sleep
sleep-summary = asyncio.run() creates an event loop and runs say_hello() as its first task. At await asyncio.sleep({ $delay }) the task hands control back to the loop, which has nothing else to do until the { $delay } s timer fires; then the task resumes on the line after the await.
sleep-delay = Sleep
sleep-delay-help = How long say_hello() sleeps between its two prints.
sleep-headline = "start" at 0 s, "end" at { $delay } s: the loop slept on one timer in between.

## gather

gather-title = Coroutines vs tasks: sequential awaits vs gather
gather-summary = Awaiting fetch() calls one after another adds their waits up: { $tasks ->
    [one] one sleep of { $delay } s takes { $total } s.
   *[other] { $tasks } sleeps of { $delay } s take { $total } s.
  } Wrapping them in tasks first schedules all of them at once, so they sleep side by side and gather() returns after about { $delay } s.
gather-tasks = Calls
gather-tasks-help = How many fetch() calls to make.
gather-delay = Each call sleeps
gather-delay-help = How long each fetch() sleeps.
gather-mode = Run
gather-mode-help = Which version to run: sequential awaits, tasks + gather, or both one after the other.
gather-mode-both = both
gather-mode-sequential = sequential
gather-mode-concurrent = concurrent
gather-eager = Start tasks eagerly
gather-eager-help = Each task's first step runs inside create_task, up to its first await (3.14: create_task(…, eager_start=True); 3.12 and 3.13: the loop's eager_task_factory). Python 3.11 has no eager start.
error-eager-needs-3-12 = eager needs Python 3.12 or newer: { $python } has no eager start (got "true" with python={ $python })
gather-headline-both = sequential { $sequential } s, concurrent { $concurrent } s → { $speedup }× faster
gather-headline-instant = sequential { $sequential } s, concurrent { $concurrent } s
gather-headline-sequential = sequential: { $elapsed } s for { $tasks } calls of { $delay } s each
gather-headline-concurrent = concurrent: { $elapsed } s for { $tasks } calls of { $delay } s each

## lock

lock-title = Race conditions on one thread, and asyncio.Lock
lock-summary-unlocked = Each of the { $workers } increment() tasks reads the counter, awaits, then writes what it read + 1. Without the lock, they all read the counter before any of them writes it back, so updates are lost — on a single thread, with no parallelism at all.
lock-summary-locked = Each of the { $workers } increment() tasks reads the counter, awaits, then writes what it read + 1. With async with lock:, the read-await-write section runs for one task at a time, so the count is exact — at the price of running those sections one after another.
lock-workers = Tasks
lock-workers-help = How many increment() calls run concurrently.
lock-hold = Await between read and write
lock-hold-help = How long each increment awaits between reading and writing; 0 means asyncio.sleep(0), one loop iteration.
lock-use_lock = Use the lock
lock-use_lock-help = Wrap the read-await-write section in async with lock:.
lock-headline-exact = counter { $counter } of { $expected }: no update lost
lock-headline-lost = counter { $counter } of { $expected }: { $lost ->
    [one] one update lost
   *[other] { $lost } updates lost
  }

## taskgroup

taskgroup-title = gather() vs TaskGroup when a task fails
taskgroup-summary-gather = { $tasks } risky() tasks start; { $failing ->
    [one] one raises
   *[other] { $failing } raise
  } ValueError after { $fail_after } s. With plain gather(), the first failure reaches the caller at once while the other tasks keep running: orphans nobody waits for, whose later errors are lost.
taskgroup-summary-return_exceptions = { $tasks } risky() tasks start; { $failing ->
    [one] one raises
   *[other] { $failing } raise
  } ValueError after { $fail_after } s. With gather(return_exceptions=True) nothing is raised: every outcome, failures included, comes back as a value once all tasks are done.
taskgroup-summary-taskgroup = { $tasks } risky() tasks start in a TaskGroup; { $failing ->
    [one] one raises
   *[other] { $failing } raise
  } ValueError after { $fail_after } s. The group cancels the siblings as soon as one task fails, waits for them, and raises an ExceptionGroup holding every failure — no orphans.
taskgroup-summary-taskgroup-eager-abort = { $tasks } risky() tasks start eagerly in a TaskGroup, and risky({ $first }) raises ValueError in its first step — inside its own create_task. Python { $python }'s TaskGroup settles that finished task at once: it cancels the tasks already created and main, and the next create_task raises RuntimeError (the group is shutting down). except* ValueError catches only the ValueError, so main fails with the RuntimeError. Python 3.14 sees the failure on the next loop iteration instead, after every task was created.
taskgroup-tasks = Tasks
taskgroup-tasks-help = How many risky(n) tasks to start (n = 0, 1, …).
taskgroup-delay = Each task sleeps
taskgroup-delay-help = How long a task that does not fail sleeps before returning n.
taskgroup-fail = Failing tasks
taskgroup-fail-help = Which tasks raise ValueError("boom at n"): comma-separated indices below the number of tasks.
taskgroup-fail_after = Failing tasks raise after
taskgroup-fail_after-help = How long the failing tasks sleep before raising; 0 raises in their first step, as in the guide.
taskgroup-mode = Wait with
taskgroup-mode-help = How main() waits for the tasks.
taskgroup-mode-gather = gather()
taskgroup-mode-gather_return_exceptions = gather(return_exceptions=True)
taskgroup-mode-taskgroup = TaskGroup
taskgroup-eager = Start tasks eagerly
taskgroup-eager-help = Each task's first step runs inside create_task, up to its first await (3.14: create_task(…, eager_start=True), also tg.create_task; 3.12 and 3.13: the loop's eager_task_factory). A task that fails before its first await is then already done when create_task returns: on 3.12 and 3.13 the TaskGroup aborts right there and its next create_task raises RuntimeError; 3.14 waits for the next loop iteration. Python 3.11 has no eager start.
taskgroup-headline-raised = the caller saw { $raised }; { $orphans ->
    [0] no task was left running
    [one] one orphan task kept running after that
   *[other] { $orphans } orphan tasks kept running after that
  }
taskgroup-headline-returned = the caller got every outcome as a value; { $orphans ->
    [0] no task was left running
    [one] one orphan task kept running after that
   *[other] { $orphans } orphan tasks kept running after that
  }

## timeout

timeout-title = Timeouts and cancellation: asyncio.timeout()
timeout-summary-timeout = slow_call() sleeps { $duration } s inside async with asyncio.timeout({ $timeout }). When the deadline passes, asyncio cancels it by raising CancelledError at the await it is stuck in. Its finally block still runs — that is where connections and files get closed — and only then does the caller see TimeoutError.
timeout-summary-wait_for = slow_call() sleeps { $duration } s inside asyncio.wait_for(…, timeout={ $timeout }). Since Python 3.12 wait_for is asyncio.timeout underneath: slow_call() runs in main()'s own task, which the deadline cancels at its await; its finally block runs, then main() gets TimeoutError. With a timeout of 0 it still becomes a separate task, cancelled before it ever starts.
timeout-summary-wait_for-3-11 = slow_call() sleeps { $duration } s inside asyncio.wait_for(…, timeout={ $timeout }). In Python 3.11 wait_for runs the call as a separate task; when the deadline passes it cancels that task at its await, waits for its finally block, and raises TimeoutError. With a timeout of 0 the task is cancelled before it ever starts.
timeout-timeout = Timeout
timeout-timeout-help = The deadline given to asyncio.timeout() or wait_for().
timeout-duration = slow_call() takes
timeout-duration-help = How long slow_call() sleeps when nothing interrupts it.
timeout-api = Bound it with
timeout-api-help = async with asyncio.timeout(…) (3.11+), or the older await asyncio.wait_for(…, timeout=…).
timeout-api-timeout = asyncio.timeout()
timeout-api-wait_for = asyncio.wait_for()
timeout-headline-cleanup = TimeoutError after { $elapsed } s; the cleanup in finally ran first
timeout-headline-no-cleanup = TimeoutError after { $elapsed } s; slow_call() never started, so it had nothing to clean up
timeout-headline-in-time = finished in time, after { $elapsed } s

## blocking

blocking-title = The blocking-call trap: time.sleep() vs asyncio.sleep() vs to_thread()
blocking-summary-blocking = A heartbeat task should print every { $interval } s while main() waits { $block } s. time.sleep() inside async code blocks the loop's only thread: no heartbeat can run until it returns, so the gap between beats grows to the whole { $block } s. On the real clock the page itself freezes meanwhile.
blocking-summary-sleep = A heartbeat task prints every { $interval } s while main() waits { $block } s. await asyncio.sleep() gives the loop back, so the beats stay on time.
blocking-summary-to_thread = A heartbeat task prints every { $interval } s while main() waits { $block } s. await asyncio.to_thread(time.sleep, …) runs the blocking call in another thread — here a Web Worker, a real second thread — so the loop stays free and the beats stay on time. Unlike a Python thread, a worker can be stopped: Stop terminates it mid-job.
blocking-heartbeats = Heartbeats
blocking-heartbeats-help = How many beats the heartbeat task prints.
blocking-interval = Beat every
blocking-interval-help = How long the heartbeat task sleeps between beats.
blocking-block = main() waits
blocking-block-help = How long main() sleeps (blocking or not).
blocking-mode = main() waits with
blocking-mode-help = time.sleep() on the loop, await asyncio.sleep(), or await asyncio.to_thread(time.sleep, …).
blocking-mode-blocking = time.sleep() (blocks)
blocking-mode-sleep = await asyncio.sleep()
blocking-mode-to_thread = await asyncio.to_thread()
blocking-headline = longest gap between heartbeats: { $gap } s (they were meant to come every { $interval } s)

## bounded-fetch

bounded-fetch-title = A real-world fetcher: Semaphore, per-request timeout, TaskGroup
bounded-fetch-summary = All { $urls } fetch_one() tasks start at once, but the Semaphore lets only { $max } of them send a request at a time; the rest queue, so the run takes about { $rounds } rounds of { $latency } s ({ $ideal } s). A request slower than its { $timeout } s timeout, or a failed connection, is caught inside fetch_one() and returned as data, so one bad URL never cancels the other requests.
bounded-fetch-urls = URLs
bounded-fetch-urls-help = How many URLs to fetch.
bounded-fetch-max_concurrent = Semaphore
bounded-fetch-max_concurrent-help = At most this many requests in flight at once (the Semaphore's value).
bounded-fetch-latency = Latency
bounded-fetch-latency-help = How long the simulated server takes to answer a request.
bounded-fetch-jitter = Jitter
bounded-fetch-jitter-help = Each latency varies by up to ± this much (seeded, never below 0).
bounded-fetch-request_timeout = Timeout per request
bounded-fetch-request_timeout-help = The asyncio.timeout() around each request.
bounded-fetch-fail_rate = Failure rate
bounded-fetch-fail_rate-help = The share of requests whose connection fails (0 to 1, seeded).
bounded-fetch-seed = Seed
bounded-fetch-seed-help = Seed of the random jitter and failures: the same seed gives the same run.
bounded-fetch-targets = Real URLs (optional)
bounded-fetch-targets-help = http(s) URLs separated by spaces or commas. On the real clock they are fetched for real (cycled over the URLs); CORS refusals and network failures come back as errors, as data. Empty: the page's simulated API. The virtual clock always simulates.
bounded-fetch-headline = { $ok } ok, { $errors } errors, at most { $max } in flight, { $elapsed } s (ideal { $ideal } s)

## mistakes

mistakes-title = Common mistakes, and their fixes
mistakes-summary-forgot_await = Calling a coroutine function without await only creates a coroutine object: fetch(1)'s body never runs, and Python warns that it was never awaited. The fix: await fetch(2) (or wrap it in asyncio.create_task and await that).
mistakes-summary-dangling_task = A task nobody keeps or awaits is cancelled when main() returns: asyncio.run() cancels whatever is still pending, so save('bad') never saves. The fix: keep a reference to each task and wait for it.
mistakes-summary-blocking_driver = { $jobs } requests, each running a { $work } s query. A blocking database driver freezes the loop for every task, so the queries run one after another; an async driver (or asyncio.to_thread) lets them wait side by side.
mistakes-summary-no_timeout = A server accepts the connection and never answers. The handler without a timeout is still waiting when the program ends after { $hang } s; the one inside asyncio.timeout({ $timeout }) gets TimeoutError and can answer with an error.
mistakes-summary-cpu_bound = { $jobs } CPU-bound jobs of { $work } s each. On the event loop they run one after another and freeze it the whole time; on { $cores } cores they run side by side — in Python on a ProcessPoolExecutor (threads share the GIL), in the browser on Web Workers, real threads.
mistakes-variant = Mistake
mistakes-variant-help = Which mistake to run, next to its fix.
mistakes-variant-forgot_await = forgetting to await a coroutine
mistakes-variant-dangling_task = a task nobody keeps or awaits
mistakes-variant-blocking_driver = a blocking driver in async code
mistakes-variant-no_timeout = no timeout on a network call
mistakes-variant-cpu_bound = CPU-bound work on the loop
mistakes-work = Work per call
mistakes-work-help = How long one call takes: fetch() and save() sleep this long, one query or one CPU job (on one core) takes this long.
mistakes-jobs = Calls
mistakes-jobs-help = How many concurrent requests (one query each), or how many CPU-bound jobs.
mistakes-cores = Cores
mistakes-cores-help = Worker processes (one per core) that run the CPU-bound jobs in parallel.
mistakes-timeout = Timeout
mistakes-timeout-help = The GOOD handler's asyncio.timeout().
mistakes-hang = Watch for
mistakes-hang-help = How long main() waits before the program ends (the run's horizon).
mistakes-headline-forgot_await = BAD: fetch() without await ran nothing ({ $warning }); GOOD: awaited, it returned { $result }
mistakes-headline-dangling_task = kept and awaited: saved; left dangling: { $dangling ->
    [0] nothing was left
   *[other] cancelled when main() returned
  }
mistakes-headline-blocking_driver = { $requests } requests: { $blocking } s with a blocking driver, { $async } s with an async one
mistakes-headline-no_timeout = without a timeout the handler was still waiting after { $waited } s; with one it got TimeoutError at { $at } s
mistakes-headline-no_timeout-none = without a timeout the handler was still waiting after { $waited } s
mistakes-headline-cpu_bound = { $jobs } jobs: { $on_loop } s on the loop, { $parallel } s on { $workers ->
    [one] one worker
   *[other] { $workers } workers
  } → { $speedup }× faster

## Narration: one sentence per event, from the loop's point of view.

narr-none = Nothing has happened yet.
narr-create = { $parent } creates { $task } to run { $label } (line { $line }); its first step joins the ready queue.
narr-create-main = asyncio.run() starts the event loop and creates { $task } to run { $label }; its first step joins the ready queue.
narr-wake = What { $task } awaited is done: the loop queues it to run again.
narr-wake-cancel = { $task } is cancelled while it waits: the loop queues it to receive CancelledError.
narr-wake-timer = { $task }'s { $secs } s sleep is over: the timer fires and the loop queues { $task } to run.
narr-wake-lock = { $by } releases the lock: { $task }, first in the lock's queue, is queued to run.
narr-wake-permit = { $by } gives back a permit: { $task }, first in the semaphore's queue, gets it and is queued to run.
narr-wake-event = { $by } sets the event: { $task } is queued to run.
narr-wake-join = { $joined } has finished: { $task }, which awaited it, is queued to run.
narr-wake-gather = The gather() that { $task } awaits has its answer (every task done, or the first failure): { $task } is queued to run.
narr-wake-taskgroup = Every task of the TaskGroup has finished: { $task } is queued to leave async with.
narr-wake-worker = The worker has finished { $job }: { $task } is queued to run with its result.
narr-wake-fetch = The answer from { $url } has arrived: { $task } is queued to run.
narr-step-start = The loop takes { $task } from the ready queue and starts { $label } at line { $line }.
narr-step-resume = The loop takes { $task } from the ready queue: it carries on at line { $line } `{ $code }`.
narr-step-cancel = The loop takes { $task } from the ready queue to raise CancelledError at line { $line } `{ $code }`.
narr-suspend-yield = { $task } gives the loop up at line { $line } `{ $code }`: sleep(0) puts it at the back of the ready queue, behind { $ahead ->
    [0] nobody
    [one] one task
   *[other] { $ahead } tasks
  }.
narr-suspend-sleep = { $task } awaits a { $secs } s sleep at line { $line }: the loop arms a timer for { $until } s and runs other tasks meanwhile.
narr-suspend-sleep-alone = { $task } awaits a { $secs } s sleep at line { $line }: the loop arms a timer for { $until } s; no other task is ready and no other timer is armed, so the loop waits idle until then.
narr-suspend-lock = { $task } waits for the lock at line { $line } `{ $code }`: { $holder } holds it.
narr-suspend-permit = { $task } waits for a permit at line { $line } `{ $code }`: all { $held } are taken.
narr-suspend-event = { $task } waits at line { $line } `{ $code }` until the event is set.
narr-suspend-join = { $task } awaits { $other } at line { $line } `{ $code }`: it is woken when { $other } finishes.
narr-suspend-gather = { $task } awaits gather() at line { $line }: it is woken when every task is done, or when the first one fails.
narr-suspend-taskgroup = { $task } reaches the end of async with TaskGroup() at line { $line }: it waits until every task of the group has finished.
narr-suspend-worker = { $task } hands { $job } to a worker thread at line { $line }: the loop stays free meanwhile.
narr-suspend-fetch = { $task } sends a request at line { $line } and waits for the answer: the loop stays free meanwhile.
narr-suspend-future = { $task } awaits a future at line { $line } `{ $code }`.
narr-cancel = { $by } cancels { $task } (waiting at line { $line }): CancelledError will be raised at its await.
narr-cancel-deadline = The { $limit } s deadline passes: the loop cancels { $task } at `{ $code }` (line { $line }).
narr-cancel-shutdown = { $main } has returned: asyncio.run() cancels { $task }, still pending at line { $line }.
narr-cancel-sibling = A sibling in the TaskGroup has failed: the group cancels { $task } at line { $line } `{ $code }`.
narr-cancel-parent = A task of its TaskGroup has failed: the group cancels { $task }, its parent, at line { $line } `{ $code }` — the group's own exit catches that cancellation, waits for the other tasks, and raises an ExceptionGroup.
narr-cancel-loop = The loop cancels { $task } at line { $line } `{ $code }`.
narr-done = { $task } returns at line { $line }: { $label } is done.
narr-failed = { $task } raises { $error } at line { $line }: { $label } fails.
narr-cancelled = { $task } ends with CancelledError at line { $line }: { $label } is cancelled.
narr-print = { $task } prints “{ $text }” (line { $line }).
narr-blocked = { $task } calls { $what }({ $secs }) at line { $line }: the loop's only thread is blocked for { $secs } s — no other task can run, and every timer due meanwhile fires late.
narr-blocked-call = { $task } calls { $what } at line { $line }: it blocks the loop's only thread for { $secs } s — no other task can run, and every timer due meanwhile fires late.
narr-job-start = Worker { $worker } starts { $job } for { $task }.
narr-job-end = Worker { $worker } has finished the job for { $task }; the result goes back to the loop.
narr-job-failed = The job for { $task } raised in worker { $worker }; the exception goes back to the loop.
narr-warning = asyncio reports: { $message }
narr-acquire-lock = { $task } takes the lock at line { $line } `{ $code }`: any other task that reaches it must wait.
narr-release-lock = { $task } releases the lock at line { $line }{ $waiting ->
    [0] ; nobody is waiting for it.
    [one] ; one task is waiting for it.
   *[other] ; { $waiting } tasks are waiting for it.
  }
narr-acquire-permit = { $task } takes a semaphore permit at line { $line }: { $held } held now.
narr-release-permit = { $task } gives its permit back: { $held } held now.
narr-event-set = { $task } sets the event at line { $line }: { $waiting ->
    [0] nobody was waiting.
    [one] the task waiting for it is queued.
   *[other] the { $waiting } tasks waiting for it are queued.
  }
narr-deadline = { $task } enters a { $limit } s timeout at line { $line }: the loop will cancel it at { $at } s unless it is done by then.
narr-deadline-off = { $task } leaves the timeout block at line { $line }: its deadline timer is cancelled.
narr-var-write = { $task } writes { $name } = { $value } (line { $line }).
narr-var-lost = { $task } writes { $name } = { $value } — { $other } already wrote { $old }: an update is lost.
narr-var-local = { $task } reads the counter: { $name } = { $value } (line { $line }).

## Timeline

timeline-title = Timeline
timeline-empty = One lane per task appears here when you run the scenario.
timeline-axis = Axis
timeline-axis-time-choice = time
timeline-axis-iter-choice = loop iterations
timeline-axis-auto = (chosen for this run)
timeline-axis-time = guide-seconds →
timeline-axis-iter = loop iterations →
timeline-details-hint = Point at a segment or focus a lane (Tab) for details; the marks (⏰ ✂ ⚡ ⌛) jump the playhead to their event.
timeline-legend = Legend
state-running = running
state-ready = ready (queued)
state-sleeping = sleeping
state-waiting-lock = waiting: lock
state-waiting-semaphore = waiting: semaphore
state-waiting-event = waiting: event
state-waiting-join = waiting: task / gather
state-in-worker = in a worker
state-busy = worker busy
state-fetching = fetching
state-blocked = blocking the loop
state-waiting = waiting: future
mark-deadline = deadline
mark-cancel = cancelled
mark-raise = exception reaches the caller
mark-late = timer fired late
mark-acquire = lock / permit taken
mark-release = lock / permit given back

## Stepper

stepper-title = Step through the run
stepper-first = First event
stepper-prev = Previous step: a line or an event (←)
stepper-next = Next step: a line or an event (→)
stepper-jumps = Jump
stepper-prev-event = ◀ event
stepper-next-event = event ▶
stepper-prev-iter = ◀ iteration
stepper-next-iter = iteration ▶
stepper-prev-event-key = Previous event that is not just a line (Shift+←)
stepper-next-event-key = Next event that is not just a line (Shift+→)
stepper-prev-iter-key = Start of this loop iteration, or of the one before (Alt+←)
stepper-next-iter-key = Start of the next loop iteration (Alt+→)
stepper-last = Last event
stepper-slider = Playhead
stepper-position = Step { $step } of { $steps } · t = { $t } s · loop iteration { $iter }
stepper-at-end = the end of the run: press ⏮ or ← to step through it

## The Python version (a parameter of every scenario)

python-version = Python version
python-version-help = Whose asyncio the run follows, checked against that CPython. Since 3.12 wait_for runs its work in the calling task instead of a new one, and gather settles children that are already done at once; 3.13 changes how TaskGroup, uncancel() and Semaphore hand on cancellations and permits.
python-version-3-11 = 3.11
python-version-3-12 = 3.12
python-version-3-13 = 3.13
python-version-3-14 = 3.14 (newest)
python-semantics = asyncio as in Python { $version }: every step shown is checked against CPython { $version }.

## The Python program

python-title = The Python program
python-copy = Copy
python-copied = Copied ✓
python-source = Python source
python-invalid = The program appears when every parameter is valid.
python-hint = Runs as-is with python3 ≥ 3.11; the playground's run follows the Python version chosen for it (the program's first line names it) and is checked against that CPython's asyncio for the same program, line by line. At the playhead, each task's line is marked with its name; the running task's line is the strongest. Point at or focus a name for its await stack.

## Output, loop and values at the playhead

inspector-title = At the playhead
inspector-not-started = This run has not started at this point.
output-title = Output so far
output-empty = Nothing printed yet.
output-earlier = … { $n } earlier lines
loop-title = The event loop
loop-running = Running now
loop-idle = no task: the loop is between steps
loop-ready = Ready queue
loop-timers = Timers
loop-no-timers = none armed
loop-timer-sleep = wakes from its sleep
loop-timer-deadline = deadline: cancels it
loop-lock = asyncio.Lock
loop-held-by = held by
loop-waiting = waiting:
loop-semaphore = Semaphore
loop-permits-held = { $n ->
    [one] 1 permit held by
   *[other] { $n } permits held by
  }
loop-permits-waiting = { $n } waiting:
loop-event = asyncio.Event
loop-joins = Awaiting
loop-awaits = awaits
loop-awaits-gather = awaits gather()
loop-awaits-taskgroup = waits for its TaskGroup
loop-workers = Workers
loop-worker = worker { $worker } runs { $job } for
loop-requests = Requests
loop-in-flight = { $n } in flight:
loop-nobody = nobody
loop-more = … and { $n } more
loop-show-more = show { $n } more
call-graph-title = Who awaits whom
call-graph-help = Each task under the task that awaits it, as python -m asyncio pstree draws it (Python 3.14).
call-graph-none = No task awaits another task here.
values-title = Values
values-written-by = written by
values-lost = updates lost so far
frame-title = Locals of { $task }'s frame, as line { $line } starts
frame-none = no local variables yet

## Results

results-title = Results
results-running = Running…
results-idle = Press Run to see what the event loop does.
results-stopped = Stopped at { $at } s ({ $reason }).
results-deadlock = Deadlock at { $at } s: every task waits for something that will never happen.
results-raised = The program raised { $error }.
results-more = … and { $n } more (see the JSON export)
results-elapsed = elapsed (loop time)
results-wall = wall time (measured)
results-wall-value = { $wall } s at { $scale } s per guide-second
results-lateness = largest timer lateness
results-lateness-value = { $ms } ms of guide time

## Controls

controls-run = Run
controls-run-again = Run again
controls-stop = Stop
controls-fix-values = Fix the highlighted values to run.
controls-fix-scale = Fix the time scale to run.
controls-fix-real = Change the highlighted values, or use the virtual clock, to run.
controls-freeze-warning = This run freezes the page for up to { $secs } s at a time: time.sleep() and CPU-bound work hold the page's only thread, so nothing — Stop included — responds until they return.
controls-clock = Clock
controls-virtual = Virtual
controls-virtual-help = (instant, deterministic)
controls-real = Real
controls-real-help = (browser timers)
controls-scale = Time scale
controls-scale-unit = (wall seconds per guide-second)
controls-scale-help = 1 guide-second takes this long on the wall clock; { $lo } to { $hi }.
controls-compare = Compare: { $a } ↔ { $b }
controls-api-sw = Requests are real fetch() calls, answered by the page's simulated API (a service worker) after the requested latency.
controls-api-inline = No service worker here (file:// or an old browser): the simulated API's latency is simulated inside the page instead of over fetch().
controls-api-starting = Starting the simulated API…

## Form, picker, events, export, embed

form-title = Parameters
form-reset = Reset to the guide's values
form-slider = { $label } slider
form-help = { $help } Allowed: { $allowed }.
picker-title = Scenarios
events-title = Events as a table ({ $n })
events-limit = Showing the first { $shown } of { $n }; export the JSON for all.
events-caption = Every event of the run, in order
events-time = time
events-iter = iteration
events-task = task
events-line = line
events-event = event
events-detail = detail
export-title = Export
export-json = Export JSON
export-trace = Export trace (Perfetto)
export-trace-help = Chrome Trace Event Format: open it in ui.perfetto.dev or chrome://tracing
export-progress = Writing the file… { $percent } %
export-cancel = Cancel
embed-title = Embed
embed-show = Embed this…
embed-hide = Hide
embed-hint = Put this scenario, with these parameters, into your docs: as an iframe, or with one script tag (several per page, loaded when scrolled into view). See the README for the message API.
embed-origin = Your site's origin
embed-origin-help = (the page you put the iframe in: only it may drive the playground by message)
embed-script = Drop-in script
embed-copy-iframe = Copy iframe
embed-copy-script = Copy script
embed-copied = Copied ✓

## Your own program ("Run my code"): the way in; the rest is in own-code/en.ftl

code-edit = Edit and run this program
code-edit-help = Change the program and run it on real CPython in your browser.

## The page

app-title = asyncio playground
app-tagline = Python's event loop, run in your browser: change a number, press Run, then step through what the loop did and why.
lang-switch = Language
embed-open-full = Open the full playground ↗

## Parameter values and what they allow (names and ranges stay as they are)

text = { $text }
unit-none = {""}
unit-seconds = {" "}s
allowed-int = a whole number from { $min } to { $max }{ $unit }
allowed-number = a number from { $min } to { $max }{ $unit }
allowed-bool = true or false
allowed-choice = one of { $options }
allowed-list = comma-separated whole numbers from { $min } to { $max }, each at most once
allowed-text = text of at most { $max } characters
param-error = { $param } must be { $allowed } (got "{ $got }")
param-error-long = { $param } must be { $allowed }
param-unknown = unknown parameter "{ $param }" (this scenario has: { $known })
param-undeclared = the scenario reads { $param } as { $kind }, which its parameter list does not declare
taskgroup-error-fail = fail must be task indices from 0 to { $max } (there are { $tasks } tasks) (got "{ $got }")
bounded-fetch-error-targets = targets must be http:// or https:// URLs separated by spaces or commas (got "{ $got }")
unit-scale = {" "}wall seconds per guide-second
allowed-flag = 1 or 0 (true or false)
allowed-origins = comma-separated origins such as https://docs.example
allowed-program = base64url (RFC 4648 §5, no padding) of UTF-8 text, at most { $max } characters
param-missing = { $param } is missing; it must be { $allowed }
param-twice = { $param } is given twice
keys-too-many = too many keys: { $n } given, at most { $max } keys are allowed
notice-keys-too-many = the URL has { $n } keys, at most { $max } keys are allowed: only the first { $max } were read
notice-code-not-run = autorun=1 was not followed: the program in code= cannot be read (see above), so nothing runs
real-clock-freeze = { $product } must be at most { $limit } s of wall time on the real clock ({ $given }, scale={ $scale } → { $wall } s); lower { $names } or scale, or use the virtual clock
target-refused = targets must not include "{ $url }": { $why }
target-not-http = it is not an http:// or https:// URL
target-own-site = it is the playground's own site ({ $origin })
target-private = { $host } is a private or loopback address
notice-unknown-scenario = unknown scenario "{ $scenario }"; showing { $shown }
notice-needs-click = this run fetches real URLs (targets): it starts only when you press Run
notice-no-scenario = the URL names no scenario (scenario=…); its parameters were checked against { $shown }
notice-unknown-param = unknown parameter "{ $param }" in the URL was ignored
notice-step-beyond = step={ $step } in the URL: this run has { $steps } steps, so it is shown at its end

## What things are: segments, waits, events, marks

wait-sleep = a sleep until { $until } s
wait-yield = sleep(0): ready again in the next iteration
wait-lock = the lock
wait-semaphore = a semaphore permit
wait-event = the event
wait-join = { $task }
wait-gather = gather()
wait-taskgroup = its TaskGroup's tasks
wait-worker = { $job } in a worker
wait-fetch = the answer from { $url }
wait-future = a future
why-created = created, waiting for its first step
why-queued = woken: queued to run
why-first-step = first step
why-after-yield = after sleep(0)
why-woken = woken
why-delivering-cancel = raising CancelledError at its await
why-waiting = waiting for { $on }
why-blocked = { $what }({ $secs }): the whole loop is frozen
why-blocked-call = { $what } blocks for { $secs } s: the whole loop is frozen
why-after-block = after the blocking call
why-job = { $job } for { $task }
who-loop = the loop
ev-created-by = created by { $by }
ev-created-run = created by asyncio.run()
ev-woken-by = woken by { $by }
ev-cancel-by = cancel requested by { $by }
ev-done = returned
ev-cancelled = ended with CancelledError
ev-job-start = { $job } on worker { $worker }
ev-job-end = worker { $worker } returned
ev-job-failed = worker { $worker } raised
ev-acquire-lock = took the lock
ev-acquire-permit = took a permit
ev-release-lock = released the lock
ev-release-permit = gave its permit back
ev-event-set = set the event
ev-deadline = cancelled at { $at } s unless done
ev-deadline-off = left the timeout block
end-done = done
end-failed = failed
end-cancelled = cancelled
end-legend = ✓ done · ✗ failed · ⊘ cancelled
mark-label-deadline = deadline { $at } s
mark-label-cancel = cancelled by { $by }
mark-label-cancel-loop = cancelled by the loop
mark-label-late = woke { $secs } s late
mark-label-raise = { $error } reaches { $task }{ $still ->
    [0] {""}
   *[other] ; { $still } still running
  }
yes = yes
no = no
short-ready = ready
short-sleep = sleep
short-lock = lock
short-semaphore = semaphore
short-event = event
short-join = join
short-worker = worker
short-job = job
short-fetch = fetch
short-blocked = BLOCKED
lane-worker = worker { $n }

## Glossary: the guide's words, and where they are on the page

glossary-title = The words of this lesson
glossary-hint = Each word as the guide uses it, and where to see it on this page.
glossary-show = Show:
glossary-after-run = after a run
place-program = the program
place-timeline = the timeline
place-loop = the loop panel
place-stepper = the step sentence
place-results = the results
place-param = the { $param } field
term-event-loop = event loop
term-event-loop-where = The loop panel next to the program: the task running now, the ready queue and the timers. Each column of the timeline's iteration axis is one turn of the loop.
term-coroutine = coroutine
term-coroutine-where = Every async def in the program. Calling one only makes a coroutine; it runs when it is awaited or wrapped in a task. A chip's stack (main() → fetch(2)) shows the coroutines a task is inside.
term-task = task
term-task-where = One lane of the timeline, and a coloured chip (Task-1, Task-2…) on the program line the task has reached.
term-await = await
term-await-where = The lines where a task gives control back to the loop: its lane stops running and waits, and the loop runs another task.
term-timer = timer (sleep)
term-timer-where = Timers in the loop panel: when each sleeping task wakes up. On the timeline, the dotted “sleeping” parts.
term-ready-queue = ready queue
term-ready-queue-where = The ready queue in the loop panel: the tasks waiting for their turn to run, in order.
term-gather = gather
term-gather-where = The gather() line of the program; the task that awaits it is listed under “Awaiting” in the loop panel until its tasks are done.
term-taskgroup = task group
term-taskgroup-where = The async with asyncio.TaskGroup() block of the program; its tasks are lanes on the timeline, and ✂ marks where the group cancels them.
term-cancellation = cancellation
term-cancellation-where = ✂ on the timeline; the step sentence says who cancels which task, and at which await CancelledError is raised.
term-exception = exception
term-exception-where = ✗ at the end of a lane that raised, ⚡ where the exception reaches the caller; the results show what the caller saw.
term-lock = lock
term-lock-where = The lock row of the loop panel: who holds it and who waits for it. On the timeline, “waiting: lock” parts.
term-race-condition = race condition
term-race-condition-where = The values under the loop panel: the counter, each task's current, and the updates lost so far; the step sentence names each lost update.
term-semaphore = semaphore
term-semaphore-where = The Semaphore row of the loop panel: the permits held and the tasks waiting. On the timeline, “waiting: semaphore” parts.
term-timeout = timeout
term-timeout-where = ⏰ on the timeline where the deadline passes; the deadline among the timers of the loop panel.
term-blocking-call = blocking call
term-blocking-call-where = The red BLOCKED part of the timeline: the loop's only thread is busy, no other task can run, and ⌛ marks timers that fire late.
term-worker-thread = worker thread
term-worker-thread-where = The worker lanes at the bottom of the timeline, and Workers in the loop panel: a job runs there while the loop stays free.

## Run ends, lanes, units

stop-reason-user = you pressed Stop
stop-reason-horizon = the end of the watched time was reached
stop-reason-iterations = too many loop iterations
timeline-lanes = { $n ->
    [one] { $n } lane
   *[other] { $n } lanes
  }
form-unit-seconds = (s)

## Run bar, shortcuts, skip link

controls-title = Run
help-title = Keyboard shortcuts
help-run = run the scenario, or stop the run in progress
help-scenarios = choose a scenario
help-step = step back / forward through a finished run, one line or event at a time
help-jump-event = jump over the lines to the previous / next other event
help-jump-iter = jump to the start of this / the next loop iteration
help-ends = first / last event of the run
help-help = open this list
help-close-key = close this list
help-note = Shortcuts work anywhere on the page except while you type in a field.
help-close = Close
skip-to-run = Skip to the run bar
skip-to-results = Skip to the results

## Predict first: questions before the run, verdicts after it

predict-switch = Predict first
predict-switch-help = Answer the scenario's questions before the run; Run judges them.
predict-title = Predict first
predict-intro = Answer before you run it: the run judges every answer. A number counts as right within 5 % (or 0.05).
predict-check = Run and check my answers
predict-skip = Just run it
predict-choose = — choose —
predict-unit-secs = seconds
predict-unit-count = a number
predict-right = Right
predict-wrong = Not quite
predict-unanswered = Not answered
predict-truth = You said { $given }; the run says { $expected }.
predict-show-me = Show me
predict-show-me-label = Show me the step that decides it: event { $event }
predict-score = { $right } of { $total } right
predict-again = Ask again
predict-skipped = You ran it without predicting. Press Ask again to predict first.
predict-waiting = Running… the verdicts follow.
predict-progress-title = Your path through the lessons
predict-progress-note = Kept on this device only: nothing leaves your browser.
predict-progress-clear = Clear my progress
predict-progress-right = answered right
predict-progress-not-yet = not yet
predict-code-expected = The output you expect, one line per print
predict-code-title = Your prediction against the real output
predict-code-col-expected = you expected
predict-code-col-printed = it printed
predict-code-col-time = at (s)
predict-code-same = same
predict-code-differs = differs
predict-code-score = { $same } of { $total } lines as you expected
predict-caught-nothing = nothing: no exception reaches main()
predict-state-done = they have finished
predict-state-running = they are still running
predict-state-cancelled = they are cancelled
predict-state-mixed = some of each
predict-q-sleep-elapsed = How many seconds does the whole run take, with await asyncio.sleep({ $delay })?
predict-q-gather-sequential = Awaiting { $tasks } calls of { $delay } s one after another: how many seconds does the sequential part take?
predict-q-gather-concurrent = The same { $tasks } calls as tasks, awaited with gather(): how many seconds does the concurrent part take?
predict-q-taskgroup-states = Right after the await on { $api } in main(), the tasks that did not raise are…
predict-q-taskgroup-raised = What does main()'s except catch around { $api }?
predict-q-lock-counter = { $workers } tasks each add 1 to counter (lock: { $lock }). What is counter at the end?
predict-q-blocking-heartbeats = While main() waits { $block } s ({ $mode }), how many heartbeats print?
predict-q-blocking-elapsed = How many seconds does the whole run take?
predict-q-timeout-timed-out = A call of { $duration } s under a { $timeout } s timeout: does it time out?
predict-q-timeout-elapsed = How many seconds does main() take in all?
predict-q-timeout-cleanup = Does slow_call()'s finally block run?
predict-q-fetch-in-flight = { $urls } requests under Semaphore({ $max }): how many are in flight at most, at once?
predict-q-fetch-elapsed = { $urls } requests of { $latency } s each: how many seconds does the run take?
predict-q-forgot-await-ran = fetch() is called without await. Does its body run at all?
predict-q-dangling-saved = The task nobody keeps ("bad"): does it get to print "saved"?
predict-q-driver-blocking = { $jobs } requests of { $work } s with a blocking driver: how many seconds do they take?
predict-q-driver-async = The same requests with an async driver: how many seconds?
predict-q-no-timeout-good = The handler with a { $timeout } s timeout: at what time does it give up?
predict-q-no-timeout-bad = Is the handler without a timeout still waiting when the program ends?
predict-q-cpu-loop = { $jobs } jobs of { $work } s of CPU work on the loop: how many seconds do they take?
predict-q-cpu-parallel = The same jobs in a process pool on { $cores } cores: how many seconds?
predict-why-sleep-zero = asyncio.sleep() does wait: the task hands the loop back and the loop wakes it when the timer fires, { $expected } s later.
predict-why-added-sleeps = You added the sleeps: the { $tasks } tasks sleep at the same time, so it takes one delay ({ $delay } s), not { $tasks } of them.
predict-why-gather-instant = gather() does not return at once: it waits until the slowest task is done, one delay later.
predict-why-sequential-overlap = Each await waits for the call before it to finish: one after another, the { $tasks } sleeps add up.
predict-why-atomic-increment = You took counter += 1 for one step: each task reads counter, awaits, then writes — tasks that read the same value overwrite each other's update, so only { $expected } count.
predict-why-lock-loses = With the lock, the read, the await and the write are one step per task: no update is lost, all { $workers } count.
predict-why-sleep-keeps-ticking = time.sleep() holds the loop's only thread: no other task runs until it returns, so no heartbeat prints meanwhile.
predict-why-await-frees-loop = An await hands the loop back: the heartbeat task runs while main() waits.
predict-why-block-then-beats = The heartbeats could not run during the block, so they all come after it: the run takes longer than the block.
predict-why-beats-after = The heartbeats run while main() waits, not after it: their time overlaps the wait.
predict-why-timeout-waits-call = The timeout does not let the call run on: at the deadline the loop cancels it, so main() goes on after { $expected } s.
predict-why-timeout-at-once = The timeout does not stop the call at once: the call runs until the deadline, and only then is it cancelled.
predict-why-timeout-always-fires = The call finished before the deadline, so the timeout never fired.
predict-why-finally-runs = Cancellation is an exception raised at the await: the task's finally block still runs.
predict-why-no-cancel-no-cleanup = Nothing cancelled the call here, so its finally block did not run as cleanup after a cancellation.
predict-why-semaphore-ignored = The semaphore admits { $max } at a time: the others wait at async with until a permit is released.
predict-why-all-at-once = Not all requests run at once: Semaphore({ $max }) lets { $max } in at a time, so they go in rounds.
predict-why-one-at-a-time = Not one at a time: { $max } requests run side by side.
predict-why-gather-cancels = gather() does not cancel the others when one fails: it hands the first exception to main(), and the others keep running as orphans.
predict-why-finished-first = The other tasks had finished before the failure, so there was nothing left to cancel.
predict-why-taskgroup-waits = A TaskGroup cancels its other tasks as soon as one fails, then waits for them to end.
predict-why-gather-waits-all = gather() returns at the first exception without waiting for the others: they are still running.
predict-why-exception-group = A TaskGroup wraps what its tasks raise in an ExceptionGroup (catch it with except*), even a single error.
predict-why-return-exceptions = With return_exceptions=True, gather() returns the exceptions among the results: nothing is raised.
predict-why-gather-raises-first = gather() raises the first exception itself, not an ExceptionGroup.
predict-why-error-propagates = The task's exception reaches main(): it is raised at the await.
predict-why-coroutine-object = Calling a coroutine function only makes a coroutine object: without await it never runs (the RuntimeWarning says so).
predict-why-run-cancels-leftovers = asyncio.run() cancels the tasks still pending when main() returns: the task nobody awaited never saves.
predict-why-blocking-overlaps = A blocking call holds the loop: the requests run one after another, not side by side.
predict-why-no-timeout-waits = Without a timeout nothing stops the wait: it is still waiting when the program ends.
predict-why-cpu-overlaps = CPU-bound work on the loop never awaits, so the jobs run one after another.
predict-why-processes-parallel = In a process pool the jobs run on { $cores } cores in parallel, not one after another.
predict-why-cores-limit = Only { $cores } cores: the jobs run in rounds of { $cores }.
predict-why-too-high = Too high: the run says { $expected }.
predict-why-too-low = Too low: the run says { $expected }.
predict-why-other = Not what happens: the run says { $expected }.

## What the page says about a run, in words (teach::present): the picker's names, Compare's
## sides, the result rows' labels, two "elapsed", the real clock's speed; the help for touch;
## the embed's More.
pick-sleep = The event loop
pick-gather = Tasks together
pick-taskgroup = When a task fails
pick-lock = Shared data and locks
pick-blocking = Blocking calls
pick-timeout = Timeouts
pick-bounded-fetch = Many requests
pick-mistakes = Common mistakes
pick-other = Another lesson
compare-gather-a = one after another
compare-gather-b = at the same time
compare-lock-a = without a lock
compare-lock-b = with a lock
compare-taskgroup-a = gather(): others run on
compare-taskgroup-b = TaskGroup: others cancelled
compare-blocking-a = sleep on the loop
compare-blocking-b = sleep in a worker thread
compare-timeout-a = with asyncio.timeout()
compare-timeout-b = with asyncio.wait_for()
compare-fetch = { $n ->
    [one] one request at a time
   *[other] { $n } requests at a time
  }
result-max_heartbeat_gap = longest gap between heartbeats
result-worker_used = a worker thread was used
result-ok = requests that succeeded
result-errors = requests that failed
result-max_in_flight = most requests in flight at once
result-ideal = the ideal time
result-sequential_elapsed = one after another
result-concurrent_elapsed = at the same time
result-results = results
result-speedup = times faster
result-counter = the counter at the end
result-expected = the counter expected
result-lost_updates = updates lost
result-warning = warning
result-ran = the coroutine without await ran
result-result = value returned
result-saved = kept and awaited
result-dangling = left dangling
result-requests = requests
result-blocking_elapsed = with a blocking driver
result-async_elapsed = with an async driver
result-bad_waiting = the handler without a timeout still waiting
result-good_raised = the handler with a timeout got
result-good_at = it got it at
result-waited = watched for
result-jobs = jobs
result-cores = cores
result-workers = workers
result-primes = primes found
result-on_loop_elapsed = on the loop
result-parallel_elapsed = in parallel workers
result-log = printed
result-raised = the caller saw
result-exceptions = exceptions
result-states = how the tasks ended
result-orphans = tasks left running
result-timed_out = timed out
result-cleanup_ran = the cleanup ran
result-cancelled_at = cancelled at
result-tasks = tasks
result-python = Python version
result-error = error
result-elapsed-main = main()'s own measure
result-other = { $key }
results-elapsed-note = Two times: main() measured { $main } s itself; the loop ran { $loop } s in all, until every task had ended.
results-speed-faster = ran at { $speed }× speed: { $wall } s for the guide's { $guide } s
results-speed-slower = ran at { $speed }× speed (slowed down): { $wall } s for the guide's { $guide } s
results-speed-same = ran at the guide's own speed: { $wall } s for the guide's { $guide } s
help-button = Help
help-touch-title = Using the playground by touch
help-touch-run = Tap ▶ Run to run the lesson; while it runs, the same button is ■ Stop.
help-touch-scenarios = Tap a lesson's button at the top to open it.
help-touch-timeline = After a run, tap a mark on the timeline (⏰ ✂ ⚡) to jump to that moment.
help-touch-step = Tap ⏮ ◀ ▶ ⏭ under the timeline, or drag its slider, to step through the run.
help-touch-swipe = Swipe sideways over the timeline and the program to see what does not fit on the screen.
help-touch-predict = Predict first: answer the questions, then tap Run to see whether you were right.
embed-more = More: the explanation, every parameter and the program
embed-less = Less

## The line tracing's events: a line run, a return, an exception (teach::narrate_lines)
narr-line = { $task } runs line { $line }: { $code }
narr-return = { $to ->
    [caller] { $func }() returns { $value } to { $caller }() (line { $line }), which carries on at line { $next }.
   *[task] { $func }() returns { $value } (line { $line }): { $task }'s coroutine has run to its end.
}
narr-exc = { $arrive } { $then }
narr-exc-thrown = The loop throws { $type } into { $task } at { $code } (line { $line }).
narr-exc-awaited = What { $task } awaits at { $code } (line { $line }) raises { $type } there.
narr-exc-converted = Leaving { $code } (line { $line }) turns the { $from } into { $type }.
narr-exc-group = Leaving { $code } (line { $line }), the group — its tasks all finished or cancelled — raises an { $type } holding every failure.
narr-exc-passed = The { $type } reaches line { $line }, { $code }, in the function that awaited it.
narr-exc-raised = Line { $line } raises { $type }: { $code }
narr-exc-caught = { $code } (line { $line }) catches it.
narr-exc-exit = It reaches the end of { $code } (line { $line }), whose exit decides what becomes of it.
narr-exc-finally = The finally block runs first (line { $line }).
narr-exc-handled = The function goes on at line { $line }: { $code }
narr-exc-out = It is not caught in { $func }(): it propagates to the caller.
narr-exc-ends-task = It is not caught: it ends { $task }.
ev-line = runs the line
ev-return = { $func }() returns { $value }
ev-exception = { $type }, handled at line { $handled }
ev-exception-out = { $type }, propagates out
