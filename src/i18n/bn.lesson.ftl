# বাংলা: the messages of the teaching views (the teaching chunk's; a run's result's are in bn.results.ftl, the first screen's in bn.ftl).

## Narration: one sentence per event, from the loop's point of view.
narr-none = এখনো কিছু ঘটেনি।
narr-create = { $parent } লাইন { $line }-এ { $label } চালানোর জন্য { $task } তৈরি করে; তার প্রথম ধাপ রেডি কিউতে যোগ হয়।
narr-create-main = asyncio.run() ইভেন্ট লুপ চালু করে আর { $label } চালানোর জন্য { $task } তৈরি করে; তার প্রথম ধাপ রেডি কিউতে যোগ হয়।
narr-wake = { $task } যার জন্য অপেক্ষা করছিল তা শেষ হয়েছে: লুপ তাকে আবার চালানোর জন্য সারিতে রাখে।
narr-wake-cancel = অপেক্ষার মধ্যেই { $task } বাতিল হয়: লুপ তাকে সারিতে রাখে, যাতে সে CancelledError পায়।
narr-wake-timer = { $task }-এর { $secs } সেকেন্ডের ঘুম শেষ: টাইমার বাজে আর লুপ { $task }-কে চালানোর জন্য সারিতে রাখে।
narr-wake-timer-late = { $task }-এর { $secs } সেকেন্ডের ঘুম { $due } সেকেন্ডে শেষ হওয়ার কথা ছিল, কিন্তু লুপ এতক্ষণ আটকে ছিল: টাইমার { $late } সেকেন্ড দেরিতে বাজে, আর লুপ { $task }-কে চালানোর জন্য সারিতে রাখে।
narr-wake-lock = { $by } লক ছেড়ে দেয়: লকের সারিতে প্রথম { $task } চলার জন্য সারিতে ঢোকে।
narr-wake-permit = { $by } একটি পারমিট ফিরিয়ে দেয়: সেমাফোরের সারিতে প্রথম { $task } সেটি পায় আর চলার জন্য সারিতে ঢোকে।
narr-wake-event = { $by } ইভেন্টটি সেট করে: { $task } চলার জন্য সারিতে ঢোকে।
narr-wake-join = { $joined } শেষ হয়েছে: তার জন্য অপেক্ষারত { $task } চলার জন্য সারিতে ঢোকে।
narr-wake-gather = { $task } যে gather()-এর অপেক্ষায় আছে তার উত্তর এসেছে (সব টাস্ক শেষ, অথবা প্রথম ব্যর্থতা): { $task } চলার জন্য সারিতে ঢোকে।
narr-wake-taskgroup = TaskGroup-এর সব টাস্ক শেষ হয়েছে: { $task } async with থেকে বেরোনোর জন্য সারিতে ঢোকে।
narr-wake-worker = ওয়ার্কার { $job } শেষ করেছে: { $task } তার ফলাফল নিয়ে চলার জন্য সারিতে ঢোকে।
narr-wake-fetch = { $url } থেকে উত্তর এসেছে: { $task } চলার জন্য সারিতে ঢোকে।
narr-step-start = লুপ রেডি কিউ থেকে { $task }-কে নেয় আর লাইন { $line }-এ { $label } শুরু করে।
narr-step-resume = লুপ রেডি কিউ থেকে { $task }-কে নেয়: সে লাইন { $line } `{ $code }` থেকে আবার চলে।
narr-step-cancel = লুপ রেডি কিউ থেকে { $task }-কে নেয়, যাতে লাইন { $line } `{ $code }`-এ CancelledError ওঠে।
narr-suspend-yield = { $task } লাইন { $line } `{ $code }`-এ লুপকে ছেড়ে দেয়: sleep(0) তাকে রেডি কিউয়ের একদম পেছনে পাঠায়; { $ahead ->
    [0] তার সামনে কেউ নেই।
    [one] তার সামনে একটি টাস্ক।
   *[other] তার সামনে { $ahead }টি টাস্ক।
  }
narr-suspend-sleep = { $task } লাইন { $line }-এ { $secs } সেকেন্ডের ঘুমকে await করে: লুপ { $until } সেকেন্ডে বাজার জন্য একটি টাইমার বসায় আর এর মধ্যে অন্য টাস্ক চালায়।
narr-suspend-sleep-alone = { $task } লাইন { $line }-এ { $secs } সেকেন্ডের ঘুমকে await করে: লুপ { $until } সেকেন্ডে বাজার জন্য একটি টাইমার বসায়; অন্য কোনো টাস্ক প্রস্তুত নেই, অন্য কোনো টাইমারও বসানো নেই, তাই ততক্ষণ লুপ অলসভাবে অপেক্ষা করে।
narr-suspend-sleep-deadline = { $task } লাইন { $line }-এ { $secs } সেকেন্ডের ঘুমকে await করে: লুপ { $until } সেকেন্ডে বাজার জন্য একটি টাইমার বসায়। অন্য কোনো টাস্ক প্রস্তুত নেই, তাই লুপ তার পরের টাইমার পর্যন্ত অলসভাবে অপেক্ষা করে: { $first ->
        [deadline] { $task } যে টাইমআউটের ভেতরে আছে তার সময়সীমা, { $at } সেকেন্ডে, যা আগে আসে।
       *[sleep] এই ঘুমেরই টাইমার, { $until } সেকেন্ডে (টাইমআউটের সময়সীমা, { $at } সেকেন্ডে, পরে আসে)।
    }
narr-suspend-lock = { $task } লাইন { $line } `{ $code }`-এ লকের জন্য অপেক্ষা করে: লকটি { $holder }-এর হাতে।
narr-suspend-permit = { $task } লাইন { $line } `{ $code }`-এ একটি পারমিটের জন্য অপেক্ষা করে: { $held }টি পারমিটই নেওয়া হয়ে গেছে।
narr-suspend-event = { $task } লাইন { $line } `{ $code }`-এ ইভেন্টটি সেট না হওয়া পর্যন্ত অপেক্ষা করে।
narr-suspend-join = { $task } লাইন { $line } `{ $code }`-এ { $other }-কে await করে: { $other } শেষ হলে তাকে জাগানো হবে।
narr-suspend-gather = { $task } লাইন { $line }-এ gather()-কে await করে: সব টাস্ক শেষ হলে, অথবা প্রথমটি ব্যর্থ হলেই, তাকে জাগানো হবে।
narr-suspend-taskgroup = { $task } লাইন { $line }-এ async with TaskGroup()-এর শেষে পৌঁছায়: গ্রুপের সব টাস্ক শেষ না হওয়া পর্যন্ত সে অপেক্ষা করে।
narr-suspend-worker = { $task } লাইন { $line }-এ { $job } একটি ওয়ার্কার থ্রেডের হাতে দেয়: এর মধ্যে লুপ মুক্ত থাকে।
narr-suspend-fetch = { $task } লাইন { $line }-এ একটি অনুরোধ পাঠায় আর উত্তরের জন্য অপেক্ষা করে: এর মধ্যে লুপ মুক্ত থাকে।
narr-suspend-future = { $task } লাইন { $line } `{ $code }`-এ একটি future-কে await করে।
narr-cancel = { $by } { $task }-কে বাতিল করে (লাইন { $line }-এ অপেক্ষারত): তার await-এ CancelledError তোলা হবে।
narr-cancel-unstarted = { $by } { $task }-কে তার প্রথম ধাপের আগেই বাতিল করে: তার প্রথম ধাপেই CancelledError ওঠে, তাই { $label }-এর কোনো অংশই চলে না।
narr-cancel-deadline = { $limit } সেকেন্ডের সময়সীমা পেরিয়ে গেছে: লুপ { $task }-কে `{ $code }`-এ (লাইন { $line }) বাতিল করে।
narr-cancel-shutdown = { $main } ফিরে এসেছে: asyncio.run() { $task }-কে বাতিল করে, যা লাইন { $line }-এ এখনো অসমাপ্ত।
narr-cancel-sibling = TaskGroup-এর একটি ভাইবোন টাস্ক ব্যর্থ হয়েছে: গ্রুপটি { $task }-কে লাইন { $line } `{ $code }`-এ বাতিল করে।
narr-cancel-parent = তার TaskGroup-এর একটি টাস্ক ব্যর্থ হয়েছে: গ্রুপটি তার প্যারেন্ট { $task }-কে লাইন { $line } `{ $code }`-এ বাতিল করে — গ্রুপের নিজের exit সেই বাতিলকরণ ধরে, বাকি টাস্কগুলোর জন্য অপেক্ষা করে, এবং একটি ExceptionGroup তোলে।
narr-cancel-loop = লুপ { $task }-কে লাইন { $line } `{ $code }`-এ বাতিল করে।
narr-done = { $task } লাইন { $line }-এ ফিরে আসে: { $label } শেষ।
narr-failed = { $task } লাইন { $line }-এ { $error } তোলে: { $label } ব্যর্থ।
narr-cancelled = { $task } লাইন { $line }-এ CancelledError নিয়ে শেষ হয়: { $label } বাতিল।
narr-print = { $task } print করে “{ $text }” (লাইন { $line })।
narr-print-top = প্রোগ্রামটি তার শীর্ষ স্তরে, কোনো টাস্কের বাইরে, “{ $text }” print করে (লাইন { $line })।
narr-blocked = { $task } লাইন { $line }-এ { $what }({ $secs }) কল করে: লুপের একমাত্র থ্রেড { $secs } সেকেন্ডের জন্য আটকে যায় — অন্য কোনো টাস্ক চলতে পারে না, আর এর মধ্যে যে টাইমারের বাজার কথা, সবই দেরিতে বাজে।
narr-blocked-call = { $task } লাইন { $line }-এ { $what } কল করে: এটি লুপের একমাত্র থ্রেড { $secs } সেকেন্ডের জন্য আটকে রাখে — অন্য কোনো টাস্ক চলতে পারে না, আর এর মধ্যে যে টাইমারের বাজার কথা, সবই দেরিতে বাজে।
narr-job-start = ওয়ার্কার { $worker } { $task }-এর জন্য { $job } শুরু করে।
narr-job-end = ওয়ার্কার { $worker } { $task }-এর কাজ শেষ করেছে; ফলাফল লুপের কাছে ফেরে।
narr-job-failed = ওয়ার্কার { $worker }-এ { $task }-এর কাজ ব্যতিক্রম তুলেছে; ব্যতিক্রমটি লুপের কাছে ফেরে।
narr-warning = asyncio-র সতর্কবার্তা: { $message }
narr-acquire-lock = { $task } লাইন { $line } `{ $code }`-এ লকটি নেয়: সেখানে পৌঁছানো অন্য যেকোনো টাস্ককে অপেক্ষা করতে হবে।
narr-release-lock = { $task } লাইন { $line }-এ লকটি ছেড়ে দেয়{ $waiting ->
    [0] ; কেউ এর জন্য অপেক্ষা করছে না।
    [one] ; একটি টাস্ক এর জন্য অপেক্ষা করছে।
   *[other] ; { $waiting }টি টাস্ক এর জন্য অপেক্ষা করছে।
  }
narr-acquire-permit = { $task } লাইন { $line }-এ সেমাফোরের একটি পারমিট নেয়: { $held ->
    [one] এখন একটি পারমিট নেওয়া আছে।
   *[other] এখন { $held }টি পারমিট নেওয়া আছে।
  }
narr-release-permit = { $task } তার পারমিট ফিরিয়ে দেয়: { $held ->
    [0] এখন কোনো পারমিট কারও হাতে নেই।
    [one] এখন একটি পারমিট নেওয়া আছে।
   *[other] এখন { $held }টি পারমিট নেওয়া আছে।
  }
narr-event-set = { $task } লাইন { $line }-এ ইভেন্টটি সেট করে: { $waiting ->
    [0] কেউ অপেক্ষা করছিল না।
    [one] যে টাস্কটি অপেক্ষা করছিল, সে সারিতে ঢোকে।
   *[other] অপেক্ষারত { $waiting }টি টাস্ক সারিতে ঢোকে।
  }
narr-deadline = { $task } লাইন { $line }-এ { $limit } সেকেন্ডের টাইমআউটে ঢোকে: তার আগে শেষ না হলে লুপ তাকে { $at } সেকেন্ডে বাতিল করবে।
narr-deadline-off = { $task } লাইন { $line }-এ টাইমআউট ব্লক থেকে বেরিয়ে আসে: তার সময়সীমার টাইমার বাতিল হয়।
narr-request = { $task } লাইন { $line }-এ একটি অনুরোধ পাঠায়: { $what }({ $url }), নিজের { $limit } সেকেন্ডের সময়সীমা সহ।
narr-request-guarded = { $task } লাইন { $line }-এ একটি অনুরোধ পাঠায়: { $what }({ $url }), একটি খোলা asyncio.timeout-এর সময়সীমার মধ্যে।
narr-request-unbounded = { $task } লাইন { $line }-এ একটি অনুরোধ পাঠায়: { $what }({ $url }), কোনো timeout ছাড়া, কোনো সময়সীমার মধ্যেও নয় — সার্ভার কখনো উত্তর না দিলে এটি চিরকাল অপেক্ষা করে।
narr-var-write = { $task } লেখে { $name } = { $value } (লাইন { $line })।
narr-var-lost = { $task } লেখে { $name } = { $value } — { $other } আগেই { $old } লিখেছিল: একটি আপডেট হারিয়ে গেল।
narr-var-local = { $task } কাউন্টার পড়ে: { $name } = { $value } (লাইন { $line })।

## Timeline
timeline-title = টাইমলাইন
timeline-empty = উদাহরণটি চালালে এখানে প্রতিটি টাস্কের একটি করে সারি দেখা যাবে।
timeline-axis = অক্ষ
timeline-axis-time-choice = সময়
timeline-axis-iter-choice = লুপের চক্র
timeline-axis-auto = (এই রানের জন্য বাছাই করা)
timeline-axis-time = গাইড-সেকেন্ড →
timeline-axis-iter = লুপের চক্র →
timeline-details-hint = বিস্তারিত দেখতে কোনো অংশের ওপর পয়েন্টার রাখুন বা কোনো সারিতে ফোকাস করুন (Tab); চিহ্নগুলো (⏰ ✂ ⚡ ⌛) চাপলে আপনি সেই ঘটনার ধাপে পৌঁছে যাবেন।
timeline-legend = চিহ্নের অর্থ
state-ready = প্রস্তুত (সারিতে)
state-sleeping = ঘুমাচ্ছে
state-waiting-lock = অপেক্ষা: লক
state-waiting-semaphore = অপেক্ষা: সেমাফোর
state-waiting-event = অপেক্ষা: ইভেন্ট
state-waiting-join = অপেক্ষা: টাস্ক / gather
state-in-worker = ওয়ার্কারে
state-busy = ওয়ার্কার ব্যস্ত
state-fetching = উত্তরের অপেক্ষা
state-blocked = লুপ আটকে রেখেছে
state-waiting = অপেক্ষা: future
mark-deadline = সময়সীমা
mark-cancel = বাতিল
mark-raise = ব্যতিক্রম কলারের কাছে পৌঁছেছে
mark-late = টাইমার দেরিতে বেজেছে
mark-finding = রানে পাওয়া ভুল (দেখুন: এই রানে যা পাওয়া গেছে)
mark-acquire = লক / পারমিট নেওয়া
mark-release = লক / পারমিট ফেরত

## Stepper
stepper-title = রানটি ধাপে ধাপে দেখুন
stepper-first = প্রথম ঘটনা
stepper-prev = আগের ধাপ: একটি লাইন বা ঘটনা (←)
stepper-next = পরের ধাপ: একটি লাইন বা ঘটনা (→)
stepper-jumps = লাফ
stepper-prev-event = ◀ ঘটনা
stepper-next-event = ঘটনা ▶
stepper-prev-iter = ◀ চক্র
stepper-next-iter = চক্র ▶
stepper-prev-event-key = আগের ঘটনা যা শুধু একটি লাইন নয় (Shift+←)
stepper-next-event-key = পরের ঘটনা যা শুধু একটি লাইন নয় (Shift+→)
stepper-prev-iter-key = এই লুপ চক্রের শুরু, অথবা আগেরটির (Alt+←)
stepper-next-iter-key = পরের লুপ চক্রের শুরু (Alt+→)
stepper-last = শেষ ঘটনা
stepper-slider = বর্তমান ধাপ
stepper-position = ধাপ { $step } / { $steps } · t = { $t } s · লুপের চক্র { $iter }
stepper-at-end = রানের শেষ: ধাপে ধাপে দেখতে ⏮ বা ← চাপুন
stepper-end-short = রানের শেষ
stepper-copy-link = এই ধাপের লিংক কপি করুন
stepper-link-copied = লিংক কপি হয়েছে: এটি দৃশ্যটি চালিয়ে এই ধাপেই খোলে

## Output, loop and values at the playhead
inspector-title = বর্তমান ধাপে
inspector-not-started = এই ধাপ পর্যন্ত রানটি শুরু হয়নি।
output-empty = এখনো কিছু print হয়নি।
output-line-more = … এবং এই লাইনে আরও { $n }টি অক্ষর
output-earlier = … আগের { $n }টি লাইন
output-top-level = শীর্ষ স্তর
loop-title = ইভেন্ট লুপ
loop-running = এখন চলছে
loop-idle = কোনো টাস্ক নেই: লুপ দুই ধাপের মাঝখানে
loop-ready = রেডি কিউ
loop-timers = টাইমার
loop-no-timers = কোনো টাইমার বসানো নেই
loop-timer-sleep = ঘুম থেকে জাগবে
loop-timer-deadline = সময়সীমা: একে বাতিল করবে
loop-lock = asyncio.Lock
loop-held-by = কার হাতে:
loop-waiting = অপেক্ষায়:
loop-semaphore = Semaphore
loop-permits-held = { $n }টি পারমিট, কার হাতে:
loop-permits-waiting = { $n }টি অপেক্ষায়:
loop-event = asyncio.Event
loop-joins = await করছে
loop-awaits = অপেক্ষা করছে:
loop-awaits-gather = gather()-এর অপেক্ষায়
loop-awaits-taskgroup = তার TaskGroup-এর অপেক্ষায়
loop-workers = ওয়ার্কার
loop-worker = ওয়ার্কার { $worker }-এ { $job }, টাস্ক:
loop-requests = অনুরোধ
loop-in-flight = { $n }টি চলমান:
loop-nobody = কেউ না
loop-more = … আরও { $n }টি
loop-show-more = আরও { $n }টি দেখান
call-graph-title = কে কার জন্য অপেক্ষা করছে
call-graph-help = প্রতিটি টাস্ক সেই টাস্কের নিচে যে তাকে await করছে, যেমন python -m asyncio pstree দেখায় (Python 3.14)।
call-graph-none = এখানে কোনো টাস্ক অন্য কোনো টাস্কের জন্য অপেক্ষা করছে না।
frame-title = { $task }-এর ফ্রেমের লোকাল ভেরিয়েবল, লাইন { $line } শুরু হওয়ার সময়
frame-none = এখনও কোনো লোকাল ভেরিয়েবল নেই
events-title = সব ঘটনা, সারণিতে ({ $n })
events-limit = { $n }টির মধ্যে প্রথম { $shown }টি দেখানো হচ্ছে; সবগুলোর জন্য JSON এক্সপোর্ট করুন।
events-caption = রানের প্রতিটি ঘটনা, ক্রমানুসারে
events-time = সময়
events-iter = চক্র
events-task = টাস্ক
events-line = লাইন
events-event = ঘটনা
events-detail = বিবরণ
export-title = এক্সপোর্ট
export-json = JSON এক্সপোর্ট করুন
export-trace = ট্রেস এক্সপোর্ট করুন (Perfetto)
export-trace-help = Chrome Trace Event Format: ui.perfetto.dev বা chrome://tracing-এ খুলুন
export-progress = ফাইল লেখা হচ্ছে… { $percent } %
export-cancel = বাতিল করুন

## What things are: segments, waits, events, marks
wait-sleep = { $until } সেকেন্ড পর্যন্ত ঘুম
wait-yield = sleep(0): পরের চক্রে আবার প্রস্তুত
wait-lock = লক
wait-semaphore = সেমাফোরের একটি পারমিট
wait-event = ইভেন্ট
wait-join = { $task }
wait-gather = gather()
wait-taskgroup = তার TaskGroup-এর টাস্কগুলো
wait-worker = ওয়ার্কারে { $job }
wait-fetch = { $url } থেকে উত্তর
wait-future = একটি future
why-created = তৈরি হয়েছে, প্রথম ধাপের অপেক্ষায়
why-queued = জেগেছে: চলার জন্য সারিতে
why-first-step = প্রথম ধাপ
why-after-yield = sleep(0)-এর পরে
why-woken = জেগেছে
why-delivering-cancel = নিজের await-এ CancelledError তুলছে
why-waiting = অপেক্ষা: { $on }
why-blocked = { $what }({ $secs }): পুরো লুপ জমে আছে
why-blocked-call = { $what } { $secs } সেকেন্ডের জন্য আটকে রাখে: পুরো লুপ জমে আছে
why-after-block = ব্লকিং কলের পরে
why-job = { $task }-এর জন্য { $job }
who-loop = লুপ
ev-created-by = তৈরি করেছে { $by }
ev-created-run = তৈরি করেছে asyncio.run()
ev-woken-by = জাগিয়েছে { $by }
ev-cancel-by = বাতিলের অনুরোধ করেছে { $by }
ev-done = ফিরে এসেছে
ev-cancelled = CancelledError নিয়ে শেষ
ev-job-start = ওয়ার্কার { $worker }-এ { $job }
ev-job-end = ওয়ার্কার { $worker } ফলাফল ফিরিয়েছে
ev-job-failed = ওয়ার্কার { $worker }-এ ব্যতিক্রম
ev-acquire-lock = লক নিয়েছে
ev-acquire-permit = একটি পারমিট নিয়েছে
ev-release-lock = লক ছেড়েছে
ev-release-permit = পারমিট ফিরিয়েছে
ev-event-set = ইভেন্ট সেট করেছে
ev-deadline = শেষ না হলে { $at } সেকেন্ডে বাতিল
ev-deadline-off = টাইমআউট ব্লক থেকে বেরিয়েছে
ev-request = { $what }({ $url }), timeout { $limit } সেকেন্ড
ev-request-guarded = { $what }({ $url }), সময়সীমার মধ্যে
ev-request-unbounded = { $what }({ $url }), কোনো timeout নেই
end-done = শেষ
end-failed = ব্যর্থ
end-cancelled = বাতিল
end-legend = ✓ শেষ · ✗ ব্যর্থ · ⊘ বাতিল
mark-label-deadline = সময়সীমা { $at } সেকেন্ড
mark-label-cancel = বাতিল করেছে { $by }
mark-label-cancel-loop = লুপ বাতিল করেছে
mark-label-late = { $secs } সেকেন্ড দেরিতে জেগেছে
mark-label-raise = { $error } { $task }-এর কাছে পৌঁছেছে{ $still ->
    [0] {""}
   *[other] ; { $still }টি এখনো চলছে
  }
short-ready = প্রস্তুত
short-sleep = ঘুম
short-lock = লক
short-semaphore = সেমাফোর
short-event = ইভেন্ট
short-join = অপেক্ষা
short-worker = ওয়ার্কার
short-job = কাজ
short-fetch = অনুরোধ
short-blocked = আটকানো
lane-worker = ওয়ার্কার { $n }

## Glossary: the guide's words, and where they are on the page
glossary-title = এই পাঠের শব্দগুলো
glossary-hint = প্রতিটি শব্দ নির্দেশিকা যে অর্থে ব্যবহার করে, আর এই পেজে সেটি কোথায় দেখা যায়।
glossary-show = দেখুন:
glossary-after-run = রানের পরে
place-program = প্রোগ্রাম
place-timeline = টাইমলাইন
place-loop = লুপ প্যানেল
place-stepper = ধাপের বাক্য
place-results = ফলাফল
place-param = { $param } ঘর
term-event-loop = ইভেন্ট লুপ
term-event-loop-where = প্রোগ্রামের পাশে লুপ প্যানেল: এখন যে টাস্ক চলছে, রেডি কিউ আর টাইমারগুলো। টাইমলাইনের চক্র-অক্ষের প্রতিটি কলাম লুপের একটি চক্র।
term-coroutine = কোরোটিন
term-coroutine-where = প্রোগ্রামের প্রতিটি async def। কল করলে কেবল একটি কোরোটিন তৈরি হয়; await করলে বা টাস্কে মুড়ে দিলে তবেই সেটি চলে। নামের চিপের স্ট্যাক (main() → fetch(2)) দেখায় টাস্কটি কোন কোন কোরোটিনের ভেতরে আছে।
term-task = টাস্ক
term-task-where = টাইমলাইনের একটি সারি, আর প্রোগ্রামের যে লাইনে টাস্কটি পৌঁছেছে সেখানে একটি রঙিন চিপ (Task-1, Task-2…)।
term-await = অপেক্ষা
term-await-where = যে লাইনগুলোতে টাস্ক নিয়ন্ত্রণ লুপের হাতে ফিরিয়ে দেয়: তার সারি "চলছে" থেকে অপেক্ষায় বদলে যায়, আর লুপ অন্য টাস্ক চালায়।
term-timer = টাইমার (ঘুম)
term-timer-where = লুপ প্যানেলের টাইমারগুলো: কোন ঘুমন্ত টাস্ক কখন জাগবে। টাইমলাইনে ফোঁটা-ফোঁটা "ঘুমাচ্ছে" অংশগুলো।
term-ready-queue = রেডি কিউ
term-ready-queue-where = লুপ প্যানেলের রেডি কিউ: নিজের পালার অপেক্ষায় থাকা টাস্কগুলো, ক্রমানুসারে।
term-gather = gather
term-gather-where = প্রোগ্রামের gather() লাইন; যে টাস্ক এটিকে await করে, তার টাস্কগুলো শেষ না হওয়া পর্যন্ত সে লুপ প্যানেলে "await করছে"-র নিচে থাকে।
term-taskgroup = টাস্কগ্রুপ
term-taskgroup-where = প্রোগ্রামের async with asyncio.TaskGroup() ব্লক; তার টাস্কগুলো টাইমলাইনের সারি, আর ✂ দেখায় গ্রুপটি কোথায় সেগুলো বাতিল করে।
term-cancellation = বাতিলকরণ
term-cancellation-where = টাইমলাইনে ✂; ধাপের বাক্য বলে কে কোন টাস্ককে বাতিল করছে, আর কোন await-এ CancelledError উঠছে।
term-exception = ব্যতিক্রম
term-exception-where = যে সারি ব্যতিক্রম তুলেছে তার শেষে ✗, আর ব্যতিক্রম যেখানে কলারের কাছে পৌঁছায় সেখানে ⚡; ফলাফল দেখায় কলার কী পেয়েছে।
term-lock = লক
term-lock-where = লুপ প্যানেলের লকের সারি: লক কার হাতে, আর কে তার অপেক্ষায়। টাইমলাইনে "অপেক্ষা: লক" অংশগুলো।
term-race-condition = রেস কন্ডিশন
term-race-condition-where = লুপ প্যানেলের নিচের মানগুলো: কাউন্টার, প্রতিটি টাস্কের current, আর এ পর্যন্ত হারানো আপডেট; ধাপের বাক্য প্রতিটি হারানো আপডেটের কথা বলে।
term-semaphore = সেমাফোর
term-semaphore-where = লুপ প্যানেলের Semaphore সারি: নেওয়া পারমিট আর অপেক্ষারত টাস্ক। টাইমলাইনে "অপেক্ষা: সেমাফোর" অংশগুলো।
term-timeout = টাইমআউট
term-timeout-where = টাইমলাইনে ⏰, যেখানে সময়সীমা পেরোয়; লুপ প্যানেলের টাইমারগুলোর মধ্যে সেই সময়সীমা।
term-blocking-call = ব্লকিং কল
term-blocking-call-where = টাইমলাইনের লাল "আটকানো" অংশ: লুপের একমাত্র থ্রেড ব্যস্ত, অন্য কোনো টাস্ক চলতে পারে না, আর ⌛ দেখায় কোন টাইমার দেরিতে বেজেছে।
term-worker-thread = ওয়ার্কার থ্রেড
term-worker-thread-where = টাইমলাইনের নিচে ওয়ার্কারের সারি, আর লুপ প্যানেলে "ওয়ার্কার": কাজটি সেখানে চলে, লুপ মুক্ত থাকে।

## Run ends, lanes, units
timeline-lanes = { $n ->
    [0] কোনো সারি নেই
    [one] একটি সারি
   *[other] { $n }টি সারি
  }
help-title = কিবোর্ড শর্টকাট
help-run = উদাহরণটি চালান, বা চলমান রান থামান
help-scenarios = একটি উদাহরণ বেছে নিন
help-step = শেষ হওয়া রানে এক ধাপ পিছনে / সামনে — একবারে একটি লাইন বা ঘটনা
help-jump-event = লাইনগুলো পেরিয়ে আগের / পরের ঘটনায় যান
help-jump-iter = এই / পরের লুপ চক্রের শুরুতে যান
help-ends = রানের প্রথম / শেষ ঘটনা
help-help = এই তালিকা খুলুন
help-close-key = এই তালিকা বন্ধ করুন
help-note = কোনো ঘরে টাইপ করার সময় ছাড়া, শর্টকাটগুলো পেজের যেকোনো জায়গায় কাজ করে।
help-close = বন্ধ করুন

## আগে অনুমান: রানের আগে প্রশ্ন, পরে রায়
predict-title = আগে অনুমান
predict-intro = চালানোর আগে উত্তর দিন: রান প্রতিটি উত্তর যাচাই করে। কোনো সংখ্যা 5 % (বা 0.05)-এর মধ্যে থাকলে সঠিক ধরা হয়।
predict-check = চালান এবং আমার উত্তর যাচাই করুন
predict-skip = শুধু চালিয়ে দিন
predict-choose = — বেছে নিন —
predict-unit-secs = সেকেন্ড
predict-unit-count = একটি সংখ্যা
predict-right = সঠিক
predict-wrong = পুরোপুরি নয়
predict-unanswered = উত্তর দেওয়া হয়নি
predict-truth = আপনি বলেছেন { $given }; রান বলছে { $expected }।
predict-show-me = দেখান
predict-show-me-label = যে ধাপ এটি ঠিক করে তা দেখান: ইভেন্ট { $event }
predict-score = { $total }টির মধ্যে { $right }টি সঠিক
predict-again = আবার জিজ্ঞেস করুন
predict-skipped = আপনি অনুমান ছাড়াই চালিয়েছেন। আগে অনুমান করতে "আবার জিজ্ঞেস করুন" চাপুন।
predict-nothing-answered = কোনো উত্তর দেওয়া হয়নি, তাই এই রানটি যাচাই করা হয়নি। আগে উত্তর দিন, অথবা "শুধু চালিয়ে দিন" বেছে নিন; অনুমান করতে "আবার জিজ্ঞেস করুন" চাপুন।
predict-waiting = চলছে… রায় এরপর আসবে।
predict-progress-title = পাঠগুলোর মধ্য দিয়ে আপনার পথ
predict-progress-note = শুধু এই ডিভাইসেই রাখা হয়: আপনার ব্রাউজার থেকে কিছুই বাইরে যায় না।
predict-progress-clear = আমার অগ্রগতি মুছুন
predict-progress-right = সঠিক উত্তর দেওয়া হয়েছে
predict-progress-not-yet = এখনও নয়
predict-code-expected = আপনি যে আউটপুট আশা করেন, প্রতিটি print-এর জন্য এক লাইন
predict-code-title = আসল আউটপুটের পাশে আপনার অনুমান
predict-code-col-expected = আপনার প্রত্যাশা
predict-code-col-printed = ছাপা হয়েছে
predict-code-col-time = সময় (সেকেন্ড)
predict-code-same = একই
predict-code-differs = আলাদা
predict-code-score = { $total }টির মধ্যে { $same }টি লাইন আপনার প্রত্যাশামতো
help-touch-title = স্পর্শে প্লেগ্রাউন্ড ব্যবহার
help-touch-run = পাঠ চালাতে ▶ চালান-এ ট্যাপ করুন; চলার সময় একই বোতাম ■ থামান হয়ে যায়।
help-touch-scenarios = কোনো পাঠ খুলতে ওপরে তার বোতামে ট্যাপ করুন।
help-touch-timeline = রানের পরে টাইমলাইনের কোনো চিহ্নে (⏰ ✂ ⚡) ট্যাপ করুন, সেই মুহূর্তে পৌঁছাতে।
help-touch-step = রানটি ধাপে ধাপে দেখতে টাইমলাইনের নিচে ⏮ ◀ ▶ ⏭-এ ট্যাপ করুন বা তার স্লাইডার টানুন।
help-touch-swipe = প্রোগ্রামের ওপর বাঁ দিকে সোয়াইপ করলে পরের ধাপ, ডান দিকে সোয়াইপ করলে আগের ধাপ।
help-touch-predict = আগে অনুমান: প্রশ্নগুলোর উত্তর দিন, তারপর চালান-এ ট্যাপ করে দেখুন আপনি ঠিক ছিলেন কি না।

## লাইন-ধরে ট্রেসিংয়ের ঘটনা: চালানো লাইন, return, exception (teach::narrate_lines)
narr-line = { $task } লাইন { $line } চালায়: { $code }
narr-return = { $to ->
    [caller] { $func }() { $value } ফেরত দেয় { $caller }()-কে (লাইন { $line }), যা লাইন { $next }-এ এগিয়ে চলে।
   *[task] { $func }() { $value } ফেরত দেয় (লাইন { $line }): { $task }-এর coroutine শেষ পর্যন্ত চলেছে।
}
narr-exc = { $arrive } এরপর: { $then }
narr-exc-thrown = লুপ { $task }-এর মধ্যে { $code } (লাইন { $line })-এ { $type } ছুড়ে দেয়।
narr-exc-awaited = { $task } { $code } (লাইন { $line })-এ যার জন্য await করে, সেটি সেখানেই { $type } তোলে।
narr-exc-converted = { $code } (লাইন { $line }) থেকে বেরোনো { $from }-কে { $type }-এ বদলে দেয়।
narr-exc-group = { $code } (লাইন { $line }) থেকে বেরোনোর সময় গ্রুপটি — যার সব টাস্ক শেষ বা বাতিল হয়েছে — প্রতিটি ব্যর্থতা ধরে রাখা একটি { $type } তোলে।
narr-exc-passed = { $type } সেই ফাংশনের লাইন { $line }, { $code }, পর্যন্ত পৌঁছায় যেটি এর জন্য await করেছিল।
narr-exc-raised = লাইন { $line } { $type } তোলে: { $code }
narr-exc-caught = { $code } (লাইন { $line }) এটিকে ধরে।
narr-exc-exit = এটি { $code } (লাইন { $line })-এর শেষে পৌঁছায়, যার exit ঠিক করে এর কী হবে।
narr-exc-finally = আগে finally ব্লক চলে (লাইন { $line })।
narr-exc-handled = ফাংশনটি লাইন { $line }-এ এগিয়ে চলে: { $code }
narr-exc-out = { $func }()-এ এটি ধরা পড়ে না: এটি ডাকা ফাংশনের কাছে চলে যায়।
narr-exc-ends-task = এটি ধরা পড়ে না: এতে { $task } শেষ হয়।
ev-line = লাইন চালায়
ev-return = { $func }() { $value } ফেরত দেয়
ev-exception = { $type }, লাইন { $handled }-এ সামলানো হয়েছে
ev-exception-out = { $type }, বাইরে চলে যায়

## কোর্স: গাইডের ক্রমে পাঠ, প্রতিটিতে একটি চ্যালেঞ্জ যা রান নিজেই যাচাই করে।
course-title = কোর্স: ধাপে ধাপে asyncio
course-intro = গাইডের ক্রমে বারোটি পাঠ। প্রতিটি পাঠ একটি ধারণা বোঝায়, আপনাকে অনুমান করতে বলে, সেটি চালায়, তারপর একটি চ্যালেঞ্জ দেয় যা রান নিজেই যাচাই করে। আপনার অগ্রগতি এই ডিভাইসেই থাকে।
course-close = কোর্স বন্ধ করুন
course-reset = কোর্স আবার শুরু করুন
course-reset-done = কোর্স প্রথম পাঠ থেকে আবার শুরু হয়।
course-corrupt = এই ডিভাইসে সংরক্ষিত অগ্রগতি পড়া যায়নি, তাই কোর্স নতুন করে শুরু হয়।
course-lessons = পাঠ
course-state-todo = শুরু হয়নি
course-state-current = চলছে
course-state-done = সম্পূর্ণ
course-next-marker = পরবর্তী
course-stage-explain = বুঝুন
course-stage-predict = অনুমান
course-stage-run = চালান
course-stage-challenge = চ্যালেঞ্জ
course-stages = এই পাঠের ধাপ
course-next-stage = এরপর: { $stage }
course-next-lesson = পরের পাঠ: { $title }
course-finished = আপনি কোর্সের সব পাঠ শেষ করেছেন।
course-predict-how = "আগে অনুমান" চালু আছে: Run চাপার আগে নিচের প্রশ্নগুলোর উত্তর দিন। তারপর রান বলে দেয় আপনি ঠিক ছিলেন কি না, আর কেন।
course-run-how = Run চাপুন, তারপর ← ও → দিয়ে রানটি ধাপে ধাপে দেখুন: প্রতিটি ধাপে বর্ণনা বলে লুপ কী করে, আর কেন।
course-challenge-how = ফর্মে প্যারামিটার বদলান, তারপর Run চাপুন: প্রতিটি রান যাচাই হয়।
course-challenge-how-program = প্রোগ্রামটি "আমার কোড চালান"-এ খুলুন, বদলান, তারপর চালান: প্রতিটি রান যাচাই হয়।
course-challenge-open-program = এই পাঠের প্রোগ্রাম বদলান
course-challenge-restart = চ্যালেঞ্জ আবার শুরু করুন
course-verdict-met = চ্যালেঞ্জ পূর্ণ হয়েছে।
course-verdict-missed = এখনও নয়।
course-verdict-waiting = এখনও কোনো রান যাচাই হয়নি।
course-verdict-why = কেন: { $why }
lesson-keep-the-work = পাঠের কাজ সরিয়ে এই সংখ্যায় পৌঁছানো হয়েছে: { $param } { $min } বা তার বেশি রাখুন।
lesson-deadline-is-the-timeout = টাইমআউট শেষ হলে কলার TimeoutError পায়: সেটি { $want } সেকেন্ডে রাখুন।
lesson-sleep-explain = asyncio.run() একটি ইভেন্ট লুপ শুরু করে এবং say_hello()-কে তার টাস্ক হিসেবে চালায়। await asyncio.sleep()-এ টাস্কটি লুপ ফিরিয়ে দেয় আর একটি টাইমার বসে; লুপের আর কিছু করার নেই, তাই সে টাইমারের অপেক্ষা করে, তারপর টাস্কটিকে পরের লাইন থেকে চালায়।
lesson-sleep-goal = say_hello()-কে শুরু থেকে শেষ পর্যন্ত 2.5 সেকেন্ড নেওয়ান।
lesson-sleep-showed = রানে { $secs } সেকেন্ড লেগেছে।
lesson-gather-explain = কোরুটিনগুলো একের পর এক await করলে সেগুলো একের পর এক চলে: এক সেকেন্ডের পাঁচটি কলে পাঁচ সেকেন্ড লাগে। সেগুলোকে টাস্কে মুড়ে দিলে (create_task, বা gather) লুপ সেগুলো একসঙ্গে চালায়: একটি যখন ঘুমায়, বাকিরা চলে, তাই পাঁচটিতে এক সেকেন্ড লাগে।
lesson-gather-goal = চ্যালেঞ্জ শুরু হয় কলগুলো একটি একটি করে await করে। 5টি কল 1.5 সেকেন্ডের কমে শেষ করান, প্রতিটি তবুও অন্তত 1 সেকেন্ড ঘুমাবে।
lesson-gather-showed = একসঙ্গে { $tasks }টি কলে { $secs } সেকেন্ড লেগেছে।
lesson-gather-showed-sequential = একের পর এক { $tasks }টি কলে { $secs } সেকেন্ড লেগেছে।
lesson-taskgroup-explain = একটি টাস্ক ব্যর্থ হলে gather() তার ব্যতিক্রম সঙ্গে সঙ্গে কলারকে দেয় এবং বাকি টাস্কগুলোকে অনাথ অবস্থায় চলতে দেয়। TaskGroup বাকি টাস্কগুলো বাতিল করে, তাদের অপেক্ষা করে, এবং প্রতিটি ব্যর্থতা ধারণকারী একটি ExceptionGroup তোলে; gather(return_exceptions=True) ব্যর্থতাগুলো ফলাফল হিসেবে ফেরত দেয়।
lesson-taskgroup-goal = দুটি টাস্ক ব্যর্থ হয় (1 ও 2)। কোনো টাস্ক চলমান রাখবেন না, আর main()-কে দুটি ব্যর্থতাই ধারণকারী একটি ExceptionGroup ধরান।
lesson-taskgroup-showed = main() ধরেছে { $raised }; তাতে { $caught }টি ব্যর্থতা ছিল, আর { $orphans }টি টাস্ক চলতে থেকেছে।
lesson-taskgroup-two-failures = চ্যালেঞ্জের জন্য অন্তত দুটি ব্যর্থ টাস্ক লাগবে: fail দুটি সূচকে রাখুন, যেমন 1,2।
lesson-taskgroup-keep-a-sibling = অন্তত একটি টাস্ক রাখুন যা ব্যর্থ হয় না: পাঠটি বাকিদের কী হয় তা নিয়েই।
lesson-lock-explain = একটিই থ্রেড, তবুও প্রতিযোগিতা: প্রতিটি ওয়ার্কার counter পড়ে, await করে, তারপর সেটি আবার লেখে। সে যখন await করে, অন্য ওয়ার্কাররা একই পুরোনো মান পড়ে, তাই তাদের আপডেট একে অন্যকে মুছে দেয়। asyncio.Lock পড়া, await আর লেখাকে এমন এক ধাপ বানায় যাতে অন্য কোনো ওয়ার্কার ঢুকতে পারে না।
lesson-lock-goal = 100 জন ওয়ার্কার দিয়ে counter-কে 100-এ পৌঁছান।
lesson-lock-showed = counter { $workers }-এর মধ্যে { $counter }-এ পৌঁছেছে।
lesson-blocking-explain = লুপ একটিই থ্রেডে চলে। time.sleep() সেই থ্রেড ধরে রাখে, তাই আর কিছু চলে না, হার্টবিটও না। await asyncio.sleep() লুপ ফিরিয়ে দেয়; asyncio.to_thread() একটি আটকে-রাখা কলকে একটি ওয়ার্কার থ্রেডে (এখানে একটি Web Worker) পাঠায়, আর লুপ চলতে থাকে।
lesson-blocking-goal = 2 সেকেন্ডের কল চলার সময় হার্টবিট সময়মতো রাখুন (কোনো ফাঁক দেড় ইন্টারভালের বেশি নয়)।
lesson-blocking-showed = হার্টবিটগুলোর মধ্যে সবচেয়ে বড় ফাঁক ছিল { $gap } সেকেন্ড (ইন্টারভাল { $interval } সেকেন্ড)।
lesson-timeout-explain = async with asyncio.timeout(2) সময়সীমা পেরোলে তার ভেতরের কোড বাতিল করে: যে await-এ সেটি অপেক্ষা করছে সেখানেই CancelledError ওঠে, তার finally ব্লক চলে, আর কলার TimeoutError পায়। কলটি পটভূমিতে চলতে থাকে না।
lesson-timeout-goal = চ্যালেঞ্জ শুরু হয় 10 সেকেন্ডের কলের চারপাশে 20 সেকেন্ডের টাইমআউট দিয়ে। কলারকে 2 সেকেন্ড পরে TimeoutError পাওয়ান, সঙ্গে পরিষ্কারের (cleanup) লাইন ছাপা হোক।
lesson-timeout-showed = কলার { $secs } সেকেন্ড পরে TimeoutError পেয়েছে।
lesson-timeout-showed-finished = কলটি { $secs } সেকেন্ড পরে শেষ হয়েছে: কিছুই টাইমআউট হয়নি।
lesson-bounded-fetch-explain = আসল ফেচার অনেক অনুরোধ একসঙ্গে চালায়, কিন্তু সবগুলো নয়: Semaphore একবারে নির্দিষ্ট সংখ্যককে ঢুকতে দেয়, প্রতিটি অনুরোধের নিজস্ব টাইমআউট থাকে, একটি TaskGroup সবার মালিক, আর প্রতিটি অনুরোধ তার ত্রুটি ডেটা হিসেবে ফেরত দেয় যাতে একটি ব্যর্থতা বাকিদের বাতিল না করে।
lesson-bounded-fetch-goal = ফেচারকে একবারে 3টি অনুরোধে সীমিত করুন, আর তবুও 50টি URL-ই আনুন।
lesson-bounded-fetch-showed = একসঙ্গে সর্বোচ্চ { $in_flight }টি অনুরোধ চলেছে; { $urls }টির মধ্যে { $ok }টি আনা হয়েছে, { $secs } সেকেন্ডে।
lesson-fetch-cap-three = একবারে 3টির কম প্রয়োজনের চেয়ে ধীর: সীমা হলো Semaphore(3), একসঙ্গে তিনটি।
lesson-fetch-all = সব URL আনা হয়নি: ব্যর্থতার হার 0 রাখুন আর অনুরোধের টাইমআউট লেটেন্সির চেয়ে বড় রাখুন।
lesson-mistakes-forgot_await-explain = কোরুটিন ফাংশন ডাকলেই সেটি চলে না: fetch(1) শুধু একটি কোরুটিন অবজেক্ট বানায়। await (বা create_task) ছাড়া তার দেহ কখনও চলে না, আর Python সতর্ক করে যে কোরুটিনটি কখনও await করা হয়নি।
lesson-mistakes-forgot_await-goal = প্রোগ্রামটি বদলান যাতে fetch(1)-ও চলে: তার লাইন "fetch 1 running" ছাপা হতে হবে, আর কোনো কোরুটিন await ছাড়া বাকি থাকবে না।
lesson-mistakes-forgot_await-showed-ran = fetch() ছেপেছে "fetch 1 running": fetch(1) চলেছে।
lesson-mistakes-forgot_await-showed-not-run = fetch(1) কখনও চলেনি: fetch() "fetch 1 running" ছাপেনি।
lesson-mistakes-dangling_task-explain = লুপ একটি টাস্কের কেবল দুর্বল রেফারেন্স রাখে। যে টাস্ক কেউ রাখে না আর কেউ await করে না, সেটি হারিয়ে যেতে পারে, আর main() ফিরলে asyncio.run() যা বাকি আছে তা বাতিল করে। রেফারেন্স রাখুন, আর টাস্কটি await করুন।
lesson-mistakes-dangling_task-goal = প্রোগ্রামটি বদলান যাতে bad টাস্কটিও সংরক্ষণ করে: save()-কে "bad: saved at" ছাপতে হবে।
lesson-mistakes-dangling_task-showed-saved = save() ছেপেছে "bad: saved at": টাস্কটি শেষ পর্যন্ত চলেছে।
lesson-mistakes-dangling_task-showed-lost = bad টাস্কটি কখনও সংরক্ষণ করেনি।
lesson-mistakes-blocking_driver-explain = আটকে-রাখা ড্রাইভার (যেমন psycopg2 বা requests) অপেক্ষার সময় লুপের থ্রেড ধরে রাখে, তাই অনুরোধগুলো একের পর এক চলে। async ড্রাইভার ব্যবহার করুন, বা প্রতিটি আটকে-রাখা কল asyncio.to_thread() দিয়ে একটি থ্রেডকে দিন।
lesson-mistakes-blocking_driver-goal = blocking_query() যেমন আছে তেমন রাখুন, আর 4টি BAD অনুরোধে 4 নয়, প্রায় 1 সেকেন্ড লাগান।
lesson-mistakes-blocking_driver-showed = 4টি BAD অনুরোধে { $secs } সেকেন্ড লেগেছে; { $offloaded }টি blocking_query() কল ওয়ার্কার থ্রেডে গেছে।
lesson-mistakes-blocking_driver-showed-none = প্রোগ্রামটি "BAD: took" ছাপেনি।
lesson-keep-blocking-query = blocking_query() আর তার time.sleep(1) রাখুন: প্রতিটি কল await asyncio.to_thread(blocking_query, n) দিয়ে একটি থ্রেডকে দিন।
lesson-mistakes-no_timeout-explain = যে সার্ভার কখনও উত্তর দেয় না, তার কল চিরকাল অপেক্ষা করে, যদি না কেউ সময়সীমা বসায়। নেটওয়ার্ক কল asyncio.timeout()-এ মুড়ে দিন (বা ক্লায়েন্টকে টাইমআউট দিন): কলার TimeoutError পায় আর এগিয়ে যেতে পারে।
lesson-mistakes-no_timeout-goal = সার্ভার 30 সেকেন্ড আটকে থাকে। good কলটিকে 1 সেকেন্ড পরে হাল ছাড়ান।
lesson-mistakes-no_timeout-showed = good কল { $secs } সেকেন্ড পরে TimeoutError তুলেছে, আর bad কলটি { $waited } সেকেন্ড অপেক্ষা করেছে।
lesson-mistakes-no_timeout-showed-answered = সার্ভার টাইমআউটের আগেই, { $secs } সেকেন্ড পরে উত্তর দিয়েছে।
lesson-mistakes-cpu_bound-explain = লুপে হিসাব করা তাকে time.sleep()-এর মতোই ধরে রাখে: কোনো await নেই, অন্য কোনো টাস্ক নেই। CPU-ভারী কাজ প্রসেস পুলে (বা এখানে Web Worker-এ) হওয়া উচিত, যেখানে কাজগুলো কয়েকটি কোরে সমান্তরালে চলে।
lesson-mistakes-cpu_bound-goal = চ্যালেঞ্জ শুরু হয় 2টি কোরে 8টি কাজ দিয়ে। 8টি কাজ নিয়ে সমান্তরাল সংস্করণকে লুপের চেয়ে অন্তত 4 গুণ দ্রুত করুন।
lesson-mistakes-cpu_bound-showed = লুপে: { $loop } সেকেন্ড; সমান্তরালে: { $parallel } সেকেন্ড ({ $speedup } গুণ দ্রুত)।
lesson-cpu-cores = কেবল { $cores }টি কোর পাশাপাশি কাজ করে: গতিবৃদ্ধি বড়জোর কোরের সংখ্যার সমান।

## The program panel and the embed snippet (teaching views)
python-title = Python প্রোগ্রাম
python-copy = কপি করুন
python-copied = কপি হয়েছে ✓
python-source = Python সোর্স কোড
python-invalid = সব প্যারামিটার ঠিক হলে প্রোগ্রামটি এখানে দেখা যাবে।
python-hint = python3 ≥ 3.11-এ যেমন আছে তেমনই চলে; প্লেগ্রাউন্ডের রান এই একই প্রোগ্রামের জন্য CPython-এর asyncio-র সঙ্গে লাইন ধরে ধরে মিলিয়ে দেখা হয়। বর্তমান ধাপে প্রতিটি টাস্কের লাইনে তার নাম লেখা থাকে; যে টাস্ক চলছে তার লাইন সবচেয়ে গাঢ়। কোনো নামের ওপর পয়েন্টার রাখলে বা ফোকাস করলে তার await স্ট্যাক দেখা যায়।
embed-title = এমবেড
embed-show = এটি এমবেড করুন…
embed-hide = লুকান
embed-hint = এই উদাহরণটি, এই প্যারামিটারসহ, আপনার ডকুমেন্টেশনে বসান: iframe হিসেবে, অথবা একটি script ট্যাগ দিয়ে (এক পেজে একাধিক, স্ক্রোল করে সামনে এলে লোড হয়)। বার্তার API-র জন্য README দেখুন।
embed-script = ড্রপ-ইন script
embed-copy-iframe = iframe কপি করুন
embed-copy-script = script কপি করুন
embed-copied = কপি হয়েছে ✓
embed-origin = আপনার সাইটের origin
embed-origin-help = (যে পাতায় আপনি iframe বসান: বার্তা পাঠিয়ে কেবল সেটিই প্লেগ্রাউন্ড চালাতে পারে)
