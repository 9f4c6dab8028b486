# English: what a run's result says — the results panel, the run's notices and findings, the headlines,
# Predict first's questions and verdicts (the run chunk's; the teaching views' are in en.lesson.ftl, the first screen's in en.ftl).

sleep-headline = "start" at 0 s, "end" at { $delay } s: the loop slept on one timer in between.
gather-headline-both = sequential { $sequential } s, concurrent { $concurrent } s → { $speedup }× faster
gather-headline-instant = sequential { $sequential } s, concurrent { $concurrent } s
gather-headline-sequential = sequential: { $elapsed } s for { $tasks } calls of { $delay } s each
gather-headline-concurrent = concurrent: { $elapsed } s for { $tasks } calls of { $delay } s each
lock-headline-exact = counter { $counter } of { $expected }: no update lost
lock-headline-lost = counter { $counter } of { $expected }: { $lost ->
    [one] one update lost
   *[other] { $lost } updates lost
  }
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
timeout-headline-cleanup = TimeoutError after { $elapsed } s; the cleanup in finally ran first
timeout-headline-no-cleanup = TimeoutError after { $elapsed } s; slow_call() never started, so it had nothing to clean up
timeout-headline-in-time = finished in time, after { $elapsed } s
blocking-headline = longest gap between heartbeats: { $gap } s (they were meant to come every { $interval } s)
bounded-fetch-headline = { $ok } ok, { $errors } errors, at most { $max } in flight, { $elapsed } s (ideal { $ideal } s)
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

## Timeline
state-running = running

## Output, loop and values at the playhead
results-stopped = Stopped at { $at } s ({ $reason }).
results-deadlock = Deadlock at { $at } s: every task waits for something that will never happen.
results-raised = The program raised { $error }.
results-more = … and { $n } more (see the JSON export)
results-elapsed = elapsed (loop time)
results-wall = wall time (measured)
results-wall-value = { $wall } s at { $scale } s per guide-second
results-lateness = largest timer lateness
results-lateness-value = { $ms } ms of guide time

## Run ends, lanes, units
stop-reason-user = you pressed Stop
stop-reason-horizon = the end of the watched time was reached
stop-reason-iterations = too many loop iterations

## Predict first: questions before the run, verdicts after it
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
predict-why-cancelled-before-start = The call was cancelled before it started: the timeout had already passed, so its body, and the try and finally in it, never ran.
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

## What a run says about the program's mistakes (scenarios/diagnostics/).
diag-title = What this run found
diag-deadlock-title = Nothing can ever wake these tasks. CPython would wait here for ever, without a word; the playground ends the run instead.
diag-deadlock = { $task } waits at line { $line } `{ $code }` for { $on }.
diag-deadlock-cycle = These tasks await each other, so none can finish first: { $cycle }.
diag-on-lock-held = a Lock that { $holder } holds
diag-on-lock-held-ended = a Lock that { $holder } took and never released before it ended
diag-on-lock = a Lock that nobody releases
diag-on-event = an Event that nobody sets
diag-on-semaphore = a Semaphore with no permit left
diag-on-task = { $other }, which is stuck too
diag-on-gather = gather() of tasks that are stuck too
diag-on-taskgroup = its TaskGroup's tasks, which are stuck too
diag-on-future = a Future that nobody resolves (an empty Queue's get() is one)
diag-never-awaited = Line { $line } calls { $coroutine }() without await: `{ $code }` only makes a coroutine object, and nothing ever runs it. Await it, or hand it to asyncio.create_task() and keep the task.
diag-never-retrieved = { $task } raised `{ $error }` and nobody retrieved it: await the task (or ask for its result() or exception()), or its error goes unseen.
diag-dropped-task = Line { $line } creates { $task } and keeps it nowhere: `{ $code }`. The loop holds only a weak reference to a task, so it can vanish before it ends, and nobody sees its result or error. Keep it (in a variable or a set) and await it, or use a TaskGroup.
diag-slow-step = { $task } held the loop for { $secs } s in one step (line { $line } `{ $code }`): no other task ran meanwhile. asyncio's debug mode reports every step that takes at least loop.slow_callback_duration (0.1 s).
diag-slow-callback = The callback `{ $callback }` held the loop for { $secs } s (line { $line } `{ $code }`): no task ran meanwhile. asyncio's debug mode reports every callback that takes at least loop.slow_callback_duration (0.1 s), a task's step or one of call_soon() and call_later().
diag-cpu-bound = { $task } computed for { $secs } s in one step without an await (line { $line } `{ $code }`): no other task ran meanwhile. asyncio runs every task on one thread, so it cannot make computing faster — awaiting only helps with waiting. Run CPU-bound work in a process pool, await loop.run_in_executor(ProcessPoolExecutor(), …) (threads share the GIL), or await asyncio.sleep(0) between its parts. Measured in this run: Python in the browser, traced line by line, computes more slowly than CPython on a computer.
diag-blocking-sleep = Line { $line } `{ $code }` blocks the loop for { $secs } s: time.sleep() holds its only thread, so no other task runs meanwhile. To wait, use await asyncio.sleep(…); to run blocking work, await asyncio.to_thread(…).
diag-blocking-request = Line { $line } `{ $code }` blocks the loop for { $secs } s: requests waits for the network on the loop's only thread, so no other task runs meanwhile. Use an async client (aiohttp), or await asyncio.to_thread(requests.get, …).
diag-no-timeout-aiohttp = Line { $line } `{ $code }` requests { $url } with no timeout and outside any asyncio.timeout: if the server accepts the connection and never answers, { $task } waits for aiohttp's default of 5 minutes, and so does whoever awaits it. Give the request a deadline: async with asyncio.timeout(10): …, or timeout=aiohttp.ClientTimeout(total=10).
diag-no-timeout-requests = Line { $line } `{ $code }` requests { $url } with no timeout: if the server never answers, requests waits for ever. Pass timeout=10 (seconds); an asyncio.timeout cannot stop a blocking call.
diag-see-mistake = See this mistake next to its fix
