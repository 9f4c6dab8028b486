# Run my code (English): messages only the bundle with the editor (the own-code feature) carries.

code-title = Your own program
code-summary = Your program runs on real CPython in this page (Pyodide, in a sandboxed Web Worker with no network and no access to this site's data), on an event loop whose clock jumps to the next timer: the timeline, the stepping and the exports work as for the guide's examples.
code-param = Program
code-param-help = The Python program's text.
code-headline = Your program finished: { $tasks ->
    [one] { $tasks } task
   *[other] { $tasks } tasks
  } ran on the event loop.
code-headline-result = Your program finished: { $tasks ->
    [one] { $tasks } task
   *[other] { $tasks } tasks
  } ran on the event loop, and { $main } returned { $result }.
code-back = Back to the guide's example
code-loading = Loading Python { $python } ({ $done } of { $total } MB)…
code-starting = Starting Python…
code-running = Running your program…
code-python = Runs on CPython { $python } (Pyodide { $pyodide }), in your browser.
code-python-later = Runs on real CPython { $python } (Pyodide) in your browser; Python is loaded the first time you run, then kept.
code-editor-loading = Loading the editor…
code-hint = Tab indents; Shift+Tab unindents. To leave the editor with the keyboard, press Escape, then Tab.
code-editor = Python program editor
code-too-long = This program is { $size } characters long once encoded; a shareable link holds at most { $max }. Running it works; sharing it needs a shorter program.
code-wall-limit = Your program ran for more than { $secs } seconds of real time without finishing, so it was stopped. Is there a loop that never awaits (for example while True: pass)?
code-stopped = Stopped. Press Run my code to start again.
code-syntax = { $message } (line { $line })
code-traceback = Your program raised an exception:
code-load-failed = Python could not be loaded: { $error }
code-repaired = A stored copy of Python ({ $files }) was not the file this playground was built with, so it was deleted and fetched again before anything ran.
code-from-link = This program came with the link you opened; the playground did not write it. Read it first: it runs only when you press Run my code, in a sandbox with no network and no access to this site's data.
code-from-host = This program was put here by the page that shows the playground; the playground did not write it. Read it first: it runs only when you press Run my code, in a sandbox with no network and no access to this site's data.
code-framed-hidden = Run my code did not run the program: the page around this playground, another site's, hid it, covered it or had only just shown it when you pressed, so the press may not have been meant for it. Read the program; press Run my code again once the playground is in full view, or open it in a tab of its own.
code-framed-unknown = Run my code did not run the program: the page around this playground is another site's, and this browser cannot tell whether that page shows the playground or covers it. Open the full playground to run the program in a tab of its own.
code-start-limit = Python did not start within { $secs } seconds, so the run was stopped. Press Run my code to try again.
notice-code-needs-click = a program from a link or from the page around the playground runs only when you press Run my code
code-cut-tasks = your program created more than { $n } tasks; the run was cut there and shows the first { $n }
code-cut-events = your program passed { $n } events (a loop that awaits asyncio.sleep(0) forever?); the run was cut there
code-cut-output = your program's output (prints, warnings, errors) passed { $mb } MB; it was cut there, and the run with it
code-cut-time = your program's loop time reached the limit of { $secs } s; the run was cut there
code-api-title = Simulated API (aiohttp and requests)
code-api-note = import aiohttp and import requests work here, but nothing leaves this page: they are stand-ins whose requests go to a simulated API on the virtual clock. Each request waits the latency below (plus or minus the jitter, drawn from the seed), then answers 200 with a small JSON body, or fails at the fail rate as a connection error. A URL can ask for more: ?latency=2, ?status=404, ?fail=1. requests.get blocks the loop, as the real one does.
code-api-latency = Latency (s)
code-api-jitter = Jitter (± s)
code-api-fail-rate = Fail rate (0–1)
code-api-seed = Seed
code-ended-syntax = Your program did not run: it has a syntax error (marked in the editor).
code-ended-raised = Your program failed before any event loop ran: it raised an exception (the traceback is under the editor).
code-ended-no-loop = Your program finished without running an event loop (it never called asyncio.run), so there is no timeline to show.
code-ended-limit = Your program was stopped before it finished (see the message under the editor), so there is no timeline to show.
code-ended-failed = Python could not run your program (see the message under the editor).
code-ended-stopped = Stopped before the run finished: press Run my code to start again.
code-api-invalid = { $field } must be a number from { $min } to { $max } (got "{ $got }"); nothing ran.
code-api-invalid-whole = { $field } must be a whole number from { $min } to { $max } (got "{ $got }"); nothing ran.
