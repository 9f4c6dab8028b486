# বাংলা: what a run's result says — the results panel, the run's notices and findings, the headlines,
# Predict first's questions and verdicts (the run chunk's; the teaching views' are in bn.lesson.ftl, the first screen's in bn.ftl).

sleep-headline = "start" 0 সেকেন্ডে, "end" { $delay } সেকেন্ডে: মাঝখানে লুপ একটিমাত্র টাইমারের ভরসায় ঘুমিয়ে ছিল।
gather-headline-both = ক্রমিক { $sequential } সেকেন্ড, সমসাময়িক { $concurrent } সেকেন্ড → { $speedup }× দ্রুত
gather-headline-instant = ক্রমিক { $sequential } সেকেন্ড, সমসাময়িক { $concurrent } সেকেন্ড
gather-headline-sequential = ক্রমিক: { $delay } সেকেন্ডের { $tasks }টি কলে { $elapsed } সেকেন্ড
gather-headline-concurrent = সমসাময়িক: { $delay } সেকেন্ডের { $tasks }টি কলে { $elapsed } সেকেন্ড
lock-headline-exact = কাউন্টার { $expected }-এর মধ্যে { $counter }: কোনো আপডেট হারায়নি
lock-headline-lost = কাউন্টার { $expected }-এর মধ্যে { $counter }: { $lost ->
    [one] একটি আপডেট হারিয়েছে
   *[other] { $lost }টি আপডেট হারিয়েছে
  }
taskgroup-headline-raised = কলার পেল { $raised }; { $orphans ->
    [0] কোনো টাস্ক চলমান রইল না
    [one] তারপরও একটি অনাথ টাস্ক চলতে থাকল
   *[other] তারপরও { $orphans }টি অনাথ টাস্ক চলতে থাকল
  }
taskgroup-headline-returned = কলার প্রতিটি ফলাফল মান হিসেবে পেল; { $orphans ->
    [0] কোনো টাস্ক চলমান রইল না
    [one] তারপরও একটি অনাথ টাস্ক চলতে থাকল
   *[other] তারপরও { $orphans }টি অনাথ টাস্ক চলতে থাকল
  }
timeout-headline-cleanup = { $elapsed } সেকেন্ড পরে TimeoutError; তার আগেই finally-র পরিষ্কারের কাজ শেষ হয়েছে
timeout-headline-no-cleanup = { $elapsed } সেকেন্ড পরে TimeoutError; slow_call() কখনো শুরুই হয়নি, তাই পরিষ্কার করার কিছু ছিল না
timeout-headline-in-time = সময়মতো শেষ হয়েছে, { $elapsed } সেকেন্ড পরে
blocking-headline = হার্টবিটগুলোর মাঝে সবচেয়ে বড় ফাঁক: { $gap } সেকেন্ড (আসার কথা ছিল প্রতি { $interval } সেকেন্ডে)
bounded-fetch-headline = { $ok }টি সফল, { $errors ->
    [0] কোনো ত্রুটি নেই
   *[other] { $errors }টি ত্রুটি
  }, একসাথে সর্বোচ্চ { $max }টি, { $elapsed } সেকেন্ড (আদর্শ { $ideal } সেকেন্ড)
mistakes-headline-forgot_await = ভুল: await ছাড়া fetch() কিছুই চালায়নি ({ $warning }); সঠিক: await করলে সে { $result } ফেরত দিয়েছে
mistakes-headline-dangling_task = ধরে রাখা ও await করা: সংরক্ষিত; ঝুলিয়ে রাখা: { $dangling ->
    [0] কিছুই বাকি ছিল না
   *[other] main() ফিরতেই বাতিল হয়েছে
  }
mistakes-headline-blocking_driver = { $requests }টি অনুরোধ: ব্লকিং ড্রাইভারে { $blocking } সেকেন্ড, async ড্রাইভারে { $async } সেকেন্ড
mistakes-headline-no_timeout = টাইমআউট ছাড়া হ্যান্ডলার { $waited } সেকেন্ড পরেও অপেক্ষা করছিল; টাইমআউট থাকলে সে { $at } সেকেন্ডে TimeoutError পেয়েছে
mistakes-headline-no_timeout-none = টাইমআউট ছাড়া হ্যান্ডলার { $waited } সেকেন্ড পরেও অপেক্ষা করছিল
mistakes-headline-cpu_bound = { $jobs }টি কাজ: লুপে { $on_loop } সেকেন্ড, { $workers }টি ওয়ার্কারে { $parallel } সেকেন্ড → { $speedup }× দ্রুত

## Timeline
state-running = চলছে

## Output, loop and values at the playhead
results-stopped = { $at } সেকেন্ডে থেমেছে ({ $reason })।
results-deadlock = { $at } সেকেন্ডে ডেডলক: প্রতিটি টাস্ক এমন কিছুর অপেক্ষায় যা কখনো ঘটবে না।
results-raised = প্রোগ্রামটি { $error } তুলেছে।
results-more = … আরও { $n }টি (সব দেখতে JSON এক্সপোর্ট করুন)
results-elapsed = অতিবাহিত সময় (লুপের সময়)
results-wall = আসল সময় (মাপা)
results-wall-value = { $wall } সেকেন্ড, প্রতি গাইড-সেকেন্ডে { $scale } সেকেন্ড হিসেবে
results-lateness = টাইমারের সবচেয়ে বেশি দেরি
results-lateness-value = গাইড-সময়ের { $ms } ms

## Run ends, lanes, units
stop-reason-user = আপনি "থামান" চেপেছেন
stop-reason-horizon = দেখার নির্ধারিত সময় শেষ হয়েছে
stop-reason-iterations = লুপের অতিরিক্ত চক্র

## আগে অনুমান: রানের আগে প্রশ্ন, পরে রায়
predict-caught-nothing = কিছুই না: কোনো ব্যতিক্রম main() পর্যন্ত পৌঁছায় না
predict-state-done = সেগুলো শেষ হয়ে গেছে
predict-state-running = সেগুলো এখনও চলছে
predict-state-cancelled = সেগুলো বাতিল হয়েছে
predict-state-mixed = কিছু এরকম, কিছু ওরকম
predict-q-sleep-elapsed = await asyncio.sleep({ $delay }) সহ পুরো রান কত সেকেন্ড নেয়?
predict-q-gather-sequential = { $delay } সেকেন্ডের { $tasks }টি কল একটির পর একটি await করলে: ক্রমিক অংশটি কত সেকেন্ড নেয়?
predict-q-gather-concurrent = একই { $tasks }টি কল টাস্ক হিসেবে, gather() দিয়ে await করা: সমান্তরাল অংশটি কত সেকেন্ড নেয়?
predict-q-taskgroup-states = main()-এ { $api }-এর await-এর ঠিক পরে, যে টাস্কগুলো ব্যতিক্রম তোলেনি সেগুলো…
predict-q-taskgroup-raised = { $api }-এর চারপাশে main()-এর except কী ধরে?
predict-q-lock-counter = { $workers }টি টাস্ক প্রত্যেকে counter-এ 1 যোগ করে (lock: { $lock })। শেষে counter কত?
predict-q-blocking-heartbeats = main() যখন { $block } সেকেন্ড অপেক্ষা করে ({ $mode }), তখন কতগুলো হার্টবিট ছাপা হয়?
predict-q-blocking-elapsed = পুরো রান কত সেকেন্ড নেয়?
predict-q-timeout-timed-out = { $timeout } সেকেন্ডের টাইমআউটের মধ্যে { $duration } সেকেন্ডের একটি কল: এর সময় কি ফুরিয়ে যায়?
predict-q-timeout-elapsed = main() মোট কত সেকেন্ড নেয়?
predict-q-timeout-cleanup = slow_call()-এর finally ব্লক কি চলে?
predict-q-fetch-in-flight = Semaphore({ $max })-এর অধীনে { $urls }টি অনুরোধ: একসাথে সর্বোচ্চ কতগুলো চলমান থাকে?
predict-q-fetch-elapsed = প্রতিটি { $latency } সেকেন্ডের { $urls }টি অনুরোধ: রান কত সেকেন্ড নেয়?
predict-q-forgot-await-ran = fetch()-কে await ছাড়া ডাকা হয়েছে। এর দেহ কি আদৌ চলে?
predict-q-dangling-saved = যে টাস্কটি কেউ রাখে না ("bad"): সেটি কি "saved" ছাপতে পারে?
predict-q-driver-blocking = ব্লক করা ড্রাইভার দিয়ে { $work } সেকেন্ডের { $jobs }টি অনুরোধ: সেগুলো কত সেকেন্ড নেয়?
predict-q-driver-async = async ড্রাইভার দিয়ে একই অনুরোধ: কত সেকেন্ড?
predict-q-no-timeout-good = { $timeout } সেকেন্ড টাইমআউটের হ্যান্ডলার: কোন সময়ে সেটি হাল ছাড়ে?
predict-q-no-timeout-bad = টাইমআউট ছাড়া হ্যান্ডলারটি কি প্রোগ্রাম শেষ হওয়ার সময়ও অপেক্ষা করছে?
predict-q-cpu-loop = লুপে { $work } সেকেন্ডের CPU কাজের { $jobs }টি জব: সেগুলো কত সেকেন্ড নেয়?
predict-q-cpu-parallel = একই জব { $cores }টি কোরে প্রসেস পুলে: কত সেকেন্ড?
predict-why-sleep-zero = asyncio.sleep() সত্যিই অপেক্ষা করে: টাস্ক লুপকে নিয়ন্ত্রণ ফিরিয়ে দেয় এবং টাইমার বাজলে, { $expected } সেকেন্ড পরে, লুপ তাকে জাগায়।
predict-why-added-sleeps = আপনি sleep-গুলো যোগ করেছেন: { $tasks }টি টাস্ক একই সময়ে ঘুমায়, তাই একটি বিলম্ব ({ $delay } সেকেন্ড) লাগে, { $tasks }টি নয়।
predict-why-gather-instant = gather() সঙ্গে সঙ্গে ফেরে না: সবচেয়ে ধীর টাস্ক শেষ হওয়া পর্যন্ত, এক বিলম্ব পর্যন্ত, অপেক্ষা করে।
predict-why-sequential-overlap = প্রতিটি await আগের কলটি শেষ হওয়ার অপেক্ষা করে: একটির পর একটি, { $tasks }টি sleep যোগ হয়।
predict-why-atomic-increment = আপনি counter += 1-কে একটি ধাপ ধরেছেন: প্রতিটি টাস্ক counter পড়ে, await করে, তারপর লেখে — একই মান পড়া টাস্কগুলো একে অন্যের আপডেট মুছে দেয়, তাই কেবল { $expected } গোনা হয়।
predict-why-lock-loses = lock থাকলে পড়া, await আর লেখা প্রতিটি টাস্কের একটি ধাপ: কোনো আপডেট হারায় না, সব { $workers }টি গোনা হয়।
predict-why-sleep-keeps-ticking = time.sleep() লুপের একমাত্র থ্রেড ধরে রাখে: সেটি না ফেরা পর্যন্ত অন্য কোনো টাস্ক চলে না, তাই মাঝে কোনো হার্টবিট ছাপা হয় না।
predict-why-await-frees-loop = await লুপকে নিয়ন্ত্রণ ফিরিয়ে দেয়: main() অপেক্ষা করার সময় হার্টবিট টাস্ক চলে।
predict-why-block-then-beats = ব্লকের সময় হার্টবিট চলতে পারেনি, তাই সবগুলো পরে আসে: রান ব্লকের চেয়ে বেশি সময় নেয়।
predict-why-beats-after = হার্টবিটগুলো main()-এর অপেক্ষার সময়ই চলে, পরে নয়: তাদের সময় অপেক্ষার সাথে মিলে যায়।
predict-why-timeout-waits-call = টাইমআউট কলটিকে চলতে দেয় না: সময়সীমায় লুপ সেটি বাতিল করে, তাই main() { $expected } সেকেন্ড পরে এগোয়।
predict-why-timeout-at-once = টাইমআউট কলটিকে সঙ্গে সঙ্গে থামায় না: কলটি সময়সীমা পর্যন্ত চলে, তখনই বাতিল হয়।
predict-why-timeout-always-fires = কলটি সময়সীমার আগেই শেষ হয়েছে, তাই টাইমআউট কখনও বাজেনি।
predict-why-finally-runs = বাতিল করা হল await-এ তোলা একটি ব্যতিক্রম: টাস্কের finally ব্লক তবুও চলে।
predict-why-no-cancel-no-cleanup = এখানে কেউ কলটি বাতিল করেনি, তাই এর finally ব্লক বাতিলের পরের পরিষ্কার হিসেবে চলেনি।
predict-why-cancelled-before-start = কলটি শুরু হওয়ার আগেই বাতিল হয়েছে: সময়সীমা আগেই পেরিয়ে গিয়েছিল, তাই এর ভেতরের অংশ, তার try আর finally সহ, কখনো চলেনি।
predict-why-semaphore-ignored = সেমাফোর একবারে { $max }টিকে ঢুকতে দেয়: বাকিরা async with-এ পারমিট ছাড়া পর্যন্ত অপেক্ষা করে।
predict-why-all-at-once = সব অনুরোধ একসাথে চলে না: Semaphore({ $max }) একবারে { $max }টিকে ঢুকতে দেয়, তাই সেগুলো দফায় দফায় চলে।
predict-why-one-at-a-time = একটি একটি করে নয়: { $max }টি অনুরোধ পাশাপাশি চলে।
predict-why-gather-cancels = একটি ব্যর্থ হলে gather() বাকিদের বাতিল করে না: প্রথম ব্যতিক্রমটি main()-কে দেয়, আর বাকিরা অনাথ হয়ে চলতে থাকে।
predict-why-finished-first = ব্যর্থতার আগেই অন্য টাস্কগুলো শেষ হয়ে গিয়েছিল, তাই বাতিল করার মতো কিছু বাকি ছিল না।
predict-why-taskgroup-waits = একটি ব্যর্থ হওয়ামাত্র TaskGroup তার অন্য টাস্কগুলো বাতিল করে, তারপর সেগুলো শেষ হওয়ার অপেক্ষা করে।
predict-why-gather-waits-all = gather() প্রথম ব্যতিক্রমেই বাকিদের অপেক্ষা না করে ফেরে: সেগুলো এখনও চলছে।
predict-why-exception-group = TaskGroup তার টাস্কগুলোর ব্যতিক্রম একটি ExceptionGroup-এ মুড়ে দেয় (except* দিয়ে ধরুন), একটিমাত্র ত্রুটি হলেও।
predict-why-return-exceptions = return_exceptions=True থাকলে gather() ব্যতিক্রমগুলো ফলাফলের মধ্যে ফেরত দেয়: কিছুই তোলা হয় না।
predict-why-gather-raises-first = gather() প্রথম ব্যতিক্রমটি নিজেই তোলে, ExceptionGroup নয়।
predict-why-error-propagates = টাস্কের ব্যতিক্রম main() পর্যন্ত পৌঁছায়: সেটি await-এ তোলা হয়।
predict-why-coroutine-object = কোরোটিন ফাংশন ডাকলে কেবল একটি কোরোটিন অবজেক্ট তৈরি হয়: await ছাড়া সেটি কখনও চলে না (RuntimeWarning সেটাই বলে)।
predict-why-run-cancels-leftovers = main() ফিরলে asyncio.run() বাকি থাকা টাস্কগুলো বাতিল করে: যে টাস্ক কেউ await করেনি সেটি কখনও save করে না।
predict-why-blocking-overlaps = ব্লক করা কল লুপ ধরে রাখে: অনুরোধগুলো একটির পর একটি চলে, পাশাপাশি নয়।
predict-why-no-timeout-waits = টাইমআউট ছাড়া অপেক্ষা কিছুই থামায় না: প্রোগ্রাম শেষ হওয়ার সময়ও সেটি অপেক্ষা করছে।
predict-why-cpu-overlaps = লুপে CPU-নির্ভর কাজ কখনও await করে না, তাই জবগুলো একটির পর একটি চলে।
predict-why-processes-parallel = প্রসেস পুলে জবগুলো { $cores }টি কোরে সমান্তরালে চলে, একটির পর একটি নয়।
predict-why-cores-limit = কেবল { $cores }টি কোর: জবগুলো { $cores }টির দফায় চলে।
predict-why-too-high = বেশি হয়ে গেছে: রান বলছে { $expected }।
predict-why-too-low = কম হয়ে গেছে: রান বলছে { $expected }।
predict-why-other = এমন হয় না: রান বলছে { $expected }।
result-max_heartbeat_gap = হার্টবিটের মধ্যে দীর্ঘতম ফাঁক
result-worker_used = ওয়ার্কার থ্রেড ব্যবহৃত হয়েছে
result-ok = সফল অনুরোধ
result-errors = ব্যর্থ অনুরোধ
result-max_in_flight = একসাথে চলমান সর্বাধিক অনুরোধ
result-ideal = আদর্শ সময়
result-sequential_elapsed = একটির পর একটি
result-concurrent_elapsed = একসাথে
result-results = ফলাফল
result-speedup = গুণ দ্রুত
result-counter = শেষে কাউন্টার
result-expected = প্রত্যাশিত কাউন্টার
result-lost_updates = হারানো আপডেট
result-warning = সতর্কবার্তা
result-ran = await ছাড়া কোরোটিন চলেছে
result-result = ফেরত দেওয়া মান
result-saved = ধরে রাখা ও await করা
result-dangling = ঝুলিয়ে রাখা
result-requests = অনুরোধ
result-blocking_elapsed = ব্লকিং ড্রাইভারে
result-async_elapsed = async ড্রাইভারে
result-bad_waiting = টাইমআউট ছাড়া হ্যান্ডলার এখনও অপেক্ষায়
result-good_raised = টাইমআউটসহ হ্যান্ডলার পেয়েছে
result-good_at = সে এটি পেয়েছে
result-waited = এতক্ষণ দেখা হয়েছে
result-jobs = কাজ
result-cores = কোর
result-workers = ওয়ার্কার
result-primes = পাওয়া মৌলিক সংখ্যা
result-on_loop_elapsed = লুপে
result-parallel_elapsed = সমান্তরাল ওয়ার্কারে
result-log = ছাপা আউটপুট
result-raised = কলার দেখেছে
result-exceptions = ব্যতিক্রম
result-states = টাস্কগুলো কীভাবে শেষ হয়েছে
result-orphans = চলমান রেখে যাওয়া টাস্ক
result-timed_out = টাইমআউট হয়েছে
result-cleanup_ran = পরিষ্কারের কোড চলেছে
result-cancelled_at = বাতিলের সময়
result-tasks = টাস্ক
result-python = Python সংস্করণ
result-error = ত্রুটি
result-elapsed-main = main()-এর নিজের মাপ
result-other = { $key }
results-elapsed-note = দুটি সময়: main() নিজে মেপেছে { $main } সেকেন্ড; লুপ মোট { $loop } সেকেন্ড চলেছে, যতক্ষণ না প্রতিটি টাস্ক শেষ হয়েছে।
results-speed-faster = { $speed }× গতিতে চলেছে: গাইডের { $guide } সেকেন্ডের জন্য { $wall } সেকেন্ড
results-speed-slower = { $speed }× গতিতে চলেছে (ধীর করে): গাইডের { $guide } সেকেন্ডের জন্য { $wall } সেকেন্ড
results-speed-same = গাইডের নিজের গতিতে চলেছে: গাইডের { $guide } সেকেন্ডের জন্য { $wall } সেকেন্ড

## রান প্রোগ্রামের ভুল সম্পর্কে কী বলে (scenarios/diagnostics/)।
diag-title = এই রানে যা পাওয়া গেছে
diag-deadlock-title = এই টাস্কগুলোকে আর কেউ জাগাতে পারবে না। CPython এখানে কিছু না বলে চিরকাল অপেক্ষা করত; প্লেগ্রাউন্ড রানটি এখানেই শেষ করে।
diag-deadlock = { $task } লাইন { $line } `{ $code }`-এ { $on } অপেক্ষা করে।
diag-deadlock-cycle = এই টাস্কগুলো একে অন্যের অপেক্ষা করে, তাই কেউই আগে শেষ হতে পারে না: { $cycle }।
diag-on-lock-held = এমন একটি Lock-এর জন্য, যা { $holder }-এর কাছে আছে,
diag-on-lock-held-ended = এমন একটি Lock-এর জন্য, যা { $holder } নিয়েছিল আর শেষ হওয়ার আগে কখনও ছাড়েনি,
diag-on-lock = এমন একটি Lock-এর জন্য, যা কেউ ছাড়ে না,
diag-on-event = এমন একটি Event-এর জন্য, যা কেউ set করে না,
diag-on-semaphore = এমন একটি Semaphore-এর জন্য, যাতে কোনো অনুমতি বাকি নেই,
diag-on-task = { $other }-এর জন্য, যা নিজেও আটকে আছে,
diag-on-gather = gather()-এর টাস্কগুলোর জন্য, যেগুলো নিজেরাও আটকে আছে,
diag-on-taskgroup = তার TaskGroup-এর টাস্কগুলোর জন্য, যেগুলো নিজেরাও আটকে আছে,
diag-on-future = এমন একটি Future-এর জন্য, যা কেউ পূর্ণ করে না (খালি Queue-এর get() এমনই একটি),
diag-never-awaited = লাইন { $line } await ছাড়াই { $coroutine }() ডাকে: `{ $code }` শুধু একটি কোরুটিন অবজেক্ট বানায়, আর কেউ কখনও সেটি চালায় না। সেটি await করুন, বা asyncio.create_task()-কে দিন আর টাস্কটি রেখে দিন।
diag-never-retrieved = { $task } `{ $error }` তুলেছে আর কেউ সেটি নেয়নি: টাস্কটি await করুন (বা তার result() বা exception() চান), নইলে তার ত্রুটি অদেখা থেকে যায়।
diag-dropped-task = লাইন { $line } { $task } বানায় আর সেটি কোথাও রাখে না: `{ $code }`। লুপ একটি টাস্কের কেবল দুর্বল রেফারেন্স রাখে, তাই সেটি শেষ হওয়ার আগেই হারিয়ে যেতে পারে, আর তার ফলাফল বা ত্রুটি কেউ দেখে না। সেটি (একটি ভেরিয়েবল বা set-এ) রাখুন আর await করুন, বা TaskGroup ব্যবহার করুন।
diag-slow-step = { $task } একটিমাত্র ধাপে লুপটিকে { $secs } সেকেন্ড আটকে রেখেছিল (লাইন { $line } `{ $code }`): এর মধ্যে অন্য কোনো টাস্ক চলেনি। asyncio-র debug মোড এমন প্রতিটি ধাপের কথা জানায়, যা অন্তত loop.slow_callback_duration (0.1 সেকেন্ড) নেয়।
diag-slow-callback = কলব্যাক `{ $callback }` লুপটিকে { $secs } সেকেন্ড আটকে রেখেছিল (লাইন { $line } `{ $code }`): এর মধ্যে কোনো টাস্ক চলেনি। asyncio-র debug মোড এমন প্রতিটি কলব্যাকের কথা জানায়, যা অন্তত loop.slow_callback_duration (0.1 সেকেন্ড) নেয় — টাস্কের ধাপ হোক বা call_soon() ও call_later()-এর কলব্যাক।
diag-cpu-bound = { $task } একটিমাত্র ধাপে, কোনো await ছাড়াই, { $secs } সেকেন্ড ধরে গণনা করেছে (লাইন { $line } `{ $code }`): এর মধ্যে অন্য কোনো টাস্ক চলেনি। asyncio প্রতিটি টাস্ক একটিই থ্রেডে চালায়, তাই গণনাকে দ্রুত করতে পারে না — await শুধু অপেক্ষায় সাহায্য করে। CPU-বাউন্ড কাজ প্রসেস পুলে চালান, await loop.run_in_executor(ProcessPoolExecutor(), …) (থ্রেডগুলো GIL ভাগ করে নেয়), অথবা তার অংশগুলোর মাঝে await asyncio.sleep(0) লিখুন। এই রানেই মাপা: ব্রাউজারে, লাইন ধরে ধরে ট্রেস হওয়া Python কম্পিউটারে চলা CPython-এর চেয়ে ধীরে গণনা করে।
diag-blocking-sleep = লাইন { $line } `{ $code }` লুপটিকে { $secs } সেকেন্ড আটকে রাখে: time.sleep() তার একমাত্র থ্রেড ধরে রাখে, তাই এর মধ্যে অন্য কোনো টাস্ক চলে না। অপেক্ষার জন্য await asyncio.sleep(…) লিখুন; আটকে রাখা কাজ চালাতে await asyncio.to_thread(…)।
diag-blocking-request = লাইন { $line } `{ $code }` লুপটিকে { $secs } সেকেন্ড আটকে রাখে: requests লুপের একমাত্র থ্রেডে নেটওয়ার্কের অপেক্ষা করে, তাই এর মধ্যে অন্য কোনো টাস্ক চলে না। একটি async ক্লায়েন্ট (aiohttp) ব্যবহার করুন, বা await asyncio.to_thread(requests.get, …)।
diag-no-timeout-aiohttp = লাইন { $line } `{ $code }` কোনো timeout ছাড়া এবং কোনো asyncio.timeout-এর বাইরে { $url }-এ অনুরোধ করে: সার্ভার সংযোগ নিয়ে কখনো উত্তর না দিলে { $task } aiohttp-এর ডিফল্ট 5 মিনিট অপেক্ষা করে, আর যে এটিকে await করে সেও। অনুরোধটিকে একটি সময়সীমা দিন: async with asyncio.timeout(10): …, বা timeout=aiohttp.ClientTimeout(total=10)।
diag-no-timeout-requests = লাইন { $line } `{ $code }` কোনো timeout ছাড়া { $url }-এ অনুরোধ করে: সার্ভার কখনো উত্তর না দিলে requests চিরকাল অপেক্ষা করে। timeout=10 (সেকেন্ড) দিন; asyncio.timeout কোনো blocking কলকে থামাতে পারে না।
diag-see-mistake = এই ভুলটি তার সমাধানের পাশে দেখুন
