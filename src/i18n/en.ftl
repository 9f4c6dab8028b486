# English. Every message the page shows outside the Python code.
# Numbers arrive already written (Latin digits, "." decimals); $n-style counts choose plurals.

## sleep

sleep-title = The event loop and asyncio.sleep
sleep-summary = asyncio.run() creates an event loop and runs say_hello() as its first task. At await asyncio.sleep({ $delay }) the task hands control back to the loop, which has nothing else to do until the { $delay } s timer fires; then the task resumes on the line after the await.
sleep-delay = Sleep
sleep-delay-help = How long say_hello() sleeps between its two prints.

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

## mistakes

mistakes-title = Common mistakes, and their fixes
mistakes-summary-forgot_await = Calling a coroutine function without await only creates a coroutine object: fetch(1)'s body never runs, and Python warns that it was never awaited. The fix: await fetch(2) (or wrap it in asyncio.create_task and await that).
mistakes-summary-dangling_task = A task nobody keeps or awaits can be lost in two ways. The event loop holds a task only by a weak reference, so a task that waits on something nobody else holds can be garbage-collected in the middle of the run and never finish (CPython then logs "Task was destroyed but it is pending!"); whether and when that happens depends on when the garbage collector runs, so a program can work for months and then lose a task (gc.collect() makes it happen at once). And whatever is still pending when main() returns is cancelled by asyncio.run(): that is what happens to save('bad') here, which never saves. One fix for both: keep a reference to each task (a set, as the GOOD half does) and wait for it.
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

## The Python version (a parameter of every scenario)

python-version = Python version
python-version-help = Whose asyncio the run follows, checked against that CPython. Since 3.12 wait_for runs its work in the calling task instead of a new one, and gather settles children that are already done at once; 3.13 changes how TaskGroup, uncancel() and Semaphore hand on cancellations and permits.
python-version-3-11 = 3.11
python-version-3-12 = 3.12
python-version-3-13 = 3.13
python-version-3-14 = 3.14 (newest)
python-semantics = asyncio as in Python { $version }: every step shown is checked against CPython { $version }.

## The Python program

output-title = Output so far
values-title = Values
values-written-by = written by
values-lost = updates lost so far

## Results

results-title = Results
results-running = Running…
results-idle = Press Run to see what the event loop does.

## Controls

controls-run = Run
controls-run-again = Run again
code-run = Run my code
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

## Your own program ("Run my code"): the way in; the rest is in own-code/en.ftl

code-edit = Edit and run this program
code-edit-help = Change the program and run it on real CPython in your browser.

## The page

app-title = asyncio playground
app-tagline = Python's event loop, run in your browser: change a number, press Run, then step through what the loop did and why.
lang-switch = Language
course-open = Course
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
yes = yes
no = no
form-unit-seconds = (s)

## Run bar, shortcuts, skip link

controls-title = Run
skip-to-run = Skip to the run bar
skip-to-results = Skip to the results

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
help-button = Help
embed-more = More: the explanation, every parameter and the program
embed-less = Less

## Parts of the page loaded on first use (src/ui/lazy)

lazy-loading = Loading…
lazy-failed = This part of the playground could not be loaded (no connection, or the site was updated since this page opened). Try again, or reload the page.
lazy-retry = Try again
predict-switch = Predict first
predict-switch-help = Answer the scenario's questions before the run; Run judges them.
predict-summary-later = The lesson's summary follows the run, so that it does not give your answers away.
