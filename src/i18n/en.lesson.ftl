# English: the messages of the teaching views (the teaching chunk's; a run's result's are in en.results.ftl, the first screen's in en.ftl).

## Narration: one sentence per event, from the loop's point of view.
narr-none = Nothing has happened yet.
narr-create = { $parent } creates { $task } to run { $label } (line { $line }); its first step joins the ready queue.
narr-create-main = asyncio.run() starts the event loop and creates { $task } to run { $label }; its first step joins the ready queue.
narr-wake = What { $task } awaited is done: the loop queues it to run again.
narr-wake-cancel = { $task } is cancelled while it waits: the loop queues it to receive CancelledError.
narr-wake-timer = { $task }'s { $secs } s sleep is over: the timer fires and the loop queues { $task } to run.
narr-wake-timer-late = { $task }'s { $secs } s sleep was due at { $due } s, but the loop was held until now: the timer fires { $late } s late, and the loop queues { $task } to run.
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
narr-suspend-sleep-deadline = { $task } awaits a { $secs } s sleep at line { $line }: the loop arms a timer for { $until } s. No other task is ready, so the loop waits idle until its next timer: { $first ->
        [deadline] the deadline of the timeout { $task } is inside, at { $at } s, which comes first.
       *[sleep] this sleep's, at { $until } s (the timeout's deadline, at { $at } s, comes later).
    }
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
narr-cancel-unstarted = { $by } cancels { $task } before it has taken a step: its first step raises CancelledError, so none of { $label }'s body runs.
narr-cancel-deadline = The { $limit } s deadline passes: the loop cancels { $task } at `{ $code }` (line { $line }).
narr-cancel-shutdown = { $main } has returned: asyncio.run() cancels { $task }, still pending at line { $line }.
narr-cancel-sibling = A sibling in the TaskGroup has failed: the group cancels { $task } at line { $line } `{ $code }`.
narr-cancel-parent = A task of its TaskGroup has failed: the group cancels { $task }, its parent, at line { $line } `{ $code }` — the group's own exit catches that cancellation, waits for the other tasks, and raises an ExceptionGroup.
narr-cancel-loop = The loop cancels { $task } at line { $line } `{ $code }`.
narr-done = { $task } returns at line { $line }: { $label } is done.
narr-failed = { $task } raises { $error } at line { $line }: { $label } fails.
narr-cancelled = { $task } ends with CancelledError at line { $line }: { $label } is cancelled.
narr-print = { $task } prints “{ $text }” (line { $line }).
narr-print-top = The program prints “{ $text }” at its top level (line { $line }), outside any task.
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
narr-request = { $task } sends a request at line { $line }: { $what }({ $url }), with a timeout of its own of { $limit } s.
narr-request-guarded = { $task } sends a request at line { $line }: { $what }({ $url }), under the deadline of an asyncio.timeout that is still open.
narr-request-unbounded = { $task } sends a request at line { $line }: { $what }({ $url }), with no timeout and under no deadline — if the server never answers, it waits for ever.
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
mark-finding = a mistake the run found (see What this run found)
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
stepper-end-short = end of the run
stepper-copy-link = Copy a link to this step
stepper-link-copied = Link copied: it runs the scenario and opens at this step

## Output, loop and values at the playhead
inspector-title = At the playhead
inspector-not-started = This run has not started at this point.
output-empty = Nothing printed yet.
output-line-more = … and { $n } more characters on this line
output-earlier = … { $n } earlier lines
output-top-level = top level
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
frame-title = Locals of { $task }'s frame, as line { $line } starts
frame-none = no local variables yet
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
ev-request = { $what }({ $url }), timeout { $limit } s
ev-request-guarded = { $what }({ $url }), under a deadline
ev-request-unbounded = { $what }({ $url }), no timeout
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
timeline-lanes = { $n ->
    [one] { $n } lane
   *[other] { $n } lanes
  }
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

## Predict first: questions before the run, verdicts after it
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
predict-nothing-answered = Nothing was answered, so this run was not judged. Answer first, or use "Just run it"; press "Ask again" to predict.
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
help-touch-title = Using the playground by touch
help-touch-run = Tap ▶ Run to run the lesson; while it runs, the same button is ■ Stop.
help-touch-scenarios = Tap a lesson's button at the top to open it.
help-touch-timeline = After a run, tap a mark on the timeline (⏰ ✂ ⚡) to jump to that moment.
help-touch-step = Tap ⏮ ◀ ▶ ⏭ under the timeline, or drag its slider, to step through the run.
help-touch-swipe = Over the program, swipe left for the next step and right for the step before.
help-touch-predict = Predict first: answer the questions, then tap Run to see whether you were right.

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

## The course: lessons in the guide's order, each with a challenge the run judges.
course-title = Course: asyncio step by step
course-intro = Twelve lessons in the guide's order. Each explains one idea, asks you to predict, runs it, then sets a challenge that the run itself judges. Your progress stays on this device.
course-close = Close the course
course-reset = Start the course again
course-reset-done = The course starts again from the first lesson.
course-corrupt = The progress saved on this device could not be read, so the course starts fresh.
course-lessons = Lessons
course-state-todo = not started
course-state-current = in progress
course-state-done = done
course-next-marker = next
course-stage-explain = Explain
course-stage-predict = Predict
course-stage-run = Run
course-stage-challenge = Challenge
course-stages = Steps of this lesson
course-next-stage = Next: { $stage }
course-next-lesson = Next lesson: { $title }
course-finished = You have done every lesson of the course.
course-predict-how = Predict first is on: answer the questions below before you press Run. The run then tells you whether you were right, and why.
course-run-how = Press Run, then step through the run with ← and →: the narration says what the loop does at each step, and why.
course-challenge-how = Change the parameters in the form, then press Run: every run is judged.
course-challenge-how-program = Open the program in Run my code, edit it, then run it: every run is judged.
course-challenge-open-program = Edit this lesson's program
course-challenge-restart = Start the challenge again
course-verdict-met = Challenge met.
course-verdict-missed = Not yet.
course-verdict-waiting = No run judged yet.
course-verdict-why = Why: { $why }
lesson-keep-the-work = That reaches the number by taking away the lesson's work: keep { $param } at { $min } or more.
lesson-deadline-is-the-timeout = The caller gets TimeoutError when the timeout runs out: set it to { $want } s.
lesson-sleep-explain = asyncio.run() starts an event loop and runs say_hello() as its task. At await asyncio.sleep(), the task hands the loop back and a timer is set; the loop has nothing else to do, so it waits for the timer, then resumes the task on the next line.
lesson-sleep-goal = Make say_hello() take 2.5 s from start to end.
lesson-sleep-showed = The run took { $secs } s.
lesson-gather-explain = Awaiting coroutines one after another runs them one after another: five one-second calls take five seconds. Wrapping them in tasks (create_task, or gather) lets the loop run them together: while one sleeps, the others run, so five take one second.
lesson-gather-goal = The challenge starts with the calls awaited one by one. Make the 5 calls finish in under 1.5 s, each still sleeping at least 1 s.
lesson-gather-showed = Together, the { $tasks } calls took { $secs } s.
lesson-gather-showed-sequential = One after another, the { $tasks } calls took { $secs } s.
lesson-taskgroup-explain = When one task fails, gather() hands its exception to the caller at once and leaves the other tasks running, orphaned. A TaskGroup cancels the other tasks, waits for them, and raises an ExceptionGroup holding every failure; gather(return_exceptions=True) returns the failures as results instead.
lesson-taskgroup-goal = Two tasks fail (1 and 2). Leave no task running, and have main() catch an ExceptionGroup holding both failures.
lesson-taskgroup-showed = main() caught { $raised }; it held { $caught ->
    [one] one failure
   *[other] { $caught } failures
}, and { $orphans ->
    [one] one task was
   *[other] { $orphans } tasks were
} left running.
lesson-taskgroup-two-failures = The challenge needs at least two failing tasks: set fail to two indices, such as 1,2.
lesson-taskgroup-keep-a-sibling = Keep at least one task that does not fail: the lesson is about what happens to the others.
lesson-lock-explain = One thread, and still a race: each worker reads the counter, awaits, then writes it back. While it awaits, other workers read the same old value, so their updates overwrite each other. An asyncio.Lock makes the read, the await and the write one step that no other worker can enter.
lesson-lock-goal = Make the counter reach 100 with 100 workers.
lesson-lock-showed = The counter reached { $counter } of { $workers }.
lesson-blocking-explain = The loop runs on one thread. time.sleep() holds that thread, so nothing else runs, not even the heartbeat. await asyncio.sleep() hands the loop back; asyncio.to_thread() moves a blocking call to a worker thread (here a Web Worker) while the loop keeps going.
lesson-blocking-goal = Keep the heartbeat on time (no gap longer than one and a half intervals) while the 2 s call runs.
lesson-blocking-showed = The longest gap between heartbeats was { $gap } s (the interval is { $interval } s).
lesson-timeout-explain = async with asyncio.timeout(2) cancels the code inside it when the deadline passes: a CancelledError is raised at the await where it waits, its finally blocks run, and the caller gets a TimeoutError. The call does not run on in the background.
lesson-timeout-goal = The challenge starts with a 20 s timeout around a 10 s call. Have the caller get TimeoutError after 2 s, with the cleanup printed.
lesson-timeout-showed = The caller got TimeoutError after { $secs } s.
lesson-timeout-showed-finished = The call finished after { $secs } s: nothing timed out.
lesson-bounded-fetch-explain = A real fetcher runs many requests at once, but not all of them: a Semaphore lets a fixed number in at a time, each request has its own timeout, a TaskGroup owns them all, and each request returns its error as data so that one failure does not cancel the rest.
lesson-bounded-fetch-goal = Cap the fetcher at 3 requests in flight, and still fetch all 50 URLs.
lesson-bounded-fetch-showed = At most { $in_flight ->
    [one] one request was
   *[other] { $in_flight } requests were
} in flight; { $ok } of { $urls } were fetched, in { $secs } s.
lesson-fetch-cap-three = Fewer than 3 at a time is slower than it needs to be: the cap is Semaphore(3), three at once.
lesson-fetch-all = Not every URL was fetched: keep the failure rate at 0 and the request timeout longer than the latency.
lesson-mistakes-forgot_await-explain = Calling a coroutine function does not run it: fetch(1) only makes a coroutine object. Without await (or create_task), its body never runs, and Python warns that the coroutine was never awaited.
lesson-mistakes-forgot_await-goal = Edit the program so that fetch(1) runs too: its line "fetch 1 running" must be printed, and no coroutine left unawaited.
lesson-mistakes-forgot_await-showed-ran = fetch() printed "fetch 1 running": fetch(1) ran.
lesson-mistakes-forgot_await-showed-not-run = fetch(1) never ran: "fetch 1 running" was not printed by fetch().
lesson-mistakes-dangling_task-explain = The loop keeps only a weak reference to a task. A task nobody keeps and nobody awaits can vanish, and asyncio.run() cancels whatever is still pending when main() returns. Keep a reference, and await the task.
lesson-mistakes-dangling_task-goal = Edit the program so that the bad task saves too: save() must print "bad: saved at".
lesson-mistakes-dangling_task-showed-saved = save() printed "bad: saved at": the task ran to its end.
lesson-mistakes-dangling_task-showed-lost = The bad task never saved.
lesson-mistakes-blocking_driver-explain = A blocking driver (like psycopg2 or requests) holds the loop's thread while it waits, so requests run one after another. Use an async driver, or hand each blocking call to a thread with asyncio.to_thread().
lesson-mistakes-blocking_driver-goal = Keep blocking_query() as it is, and make the 4 BAD requests take about 1 s, not 4.
lesson-mistakes-blocking_driver-showed = The 4 BAD requests took { $secs } s; { $offloaded ->
    [one] one blocking_query() call went
   *[other] { $offloaded } blocking_query() calls went
} to worker threads.
lesson-mistakes-blocking_driver-showed-none = The program did not print "BAD: took".
lesson-keep-blocking-query = Keep blocking_query() and its time.sleep(1): hand each call to a thread with await asyncio.to_thread(blocking_query, n).
lesson-mistakes-no_timeout-explain = A call to a server that never answers waits for ever unless something sets a deadline. Wrap network calls in asyncio.timeout() (or give the client a timeout): the caller gets TimeoutError and can go on.
lesson-mistakes-no_timeout-goal = The server hangs for 30 s. Make the good call give up after 1 s.
lesson-mistakes-no_timeout-showed = The good call raised TimeoutError after { $secs } s, while the bad one waited { $waited } s.
lesson-mistakes-no_timeout-showed-answered = The server answered after { $secs } s, before the timeout.
lesson-mistakes-cpu_bound-explain = Computing on the loop holds it just like time.sleep(): no await, no other task. CPU-bound work belongs in a process pool (or, here, Web Workers), where the jobs run on several cores in parallel.
lesson-mistakes-cpu_bound-goal = The challenge starts with 8 jobs on 2 cores. Make the parallel version at least 4 times faster than on the loop, with 8 jobs.
lesson-mistakes-cpu_bound-showed = On the loop: { $loop } s; in parallel: { $parallel } s ({ $speedup } times faster).
lesson-cpu-cores = Only { $cores } cores work side by side: the speedup is at most the number of cores.

## The program panel and the embed snippet (teaching views)
python-title = The Python program
python-copy = Copy
python-copied = Copied ✓
python-source = Python source
python-invalid = The program appears when every parameter is valid.
python-hint = Runs as-is with python3 ≥ 3.11; the playground's run follows the Python version chosen for it (the program's first line names it) and is checked against that CPython's asyncio for the same program, line by line. At the playhead, each task's line is marked with its name; the running task's line is the strongest. Point at or focus a name for its await stack.
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
