# Bengali (বাংলা). Every message of en.ftl, written for a student learning asyncio.
# Python code, API names, parameter keys and task names stay as they are. Numbers arrive
# already written (Latin digits, "." decimals). Plural categories of bn: one (0 and 1), other;
# an exact [0] variant comes first where nought reads differently.
# Terms as in the Bengali guide: ইভেন্ট লুপ, কোরোটিন, টাস্ক, অপেক্ষা (await), ক্রমিক,
# সমসাময়িক, টাইমআউট, বাতিল / বাতিলকরণ, ব্যতিক্রম, অনাথ টাস্ক, রেস কন্ডিশন, লক, থ্রেড.

## sleep

sleep-title = ইভেন্ট লুপ আর asyncio.sleep
sleep-summary = asyncio.run() একটি ইভেন্ট লুপ তৈরি করে এবং say_hello()-কে তার প্রথম টাস্ক হিসেবে চালায়। await asyncio.sleep({ $delay })-এ পৌঁছে টাস্কটি নিয়ন্ত্রণ লুপের হাতে ফিরিয়ে দেয়; { $delay } সেকেন্ডের টাইমার না বাজা পর্যন্ত লুপের আর কিছু করার থাকে না। তারপর টাস্কটি await-এর ঠিক পরের লাইন থেকে আবার চলে।
sleep-delay = ঘুম
sleep-delay-help = say_hello() তার দুটি print-এর মাঝে কতক্ষণ ঘুমায়।

## gather

gather-title = কোরোটিন বনাম টাস্ক: একে একে await বনাম gather
gather-summary = fetch() কলগুলোকে একটার পর একটা await করলে অপেক্ষাগুলো যোগ হয়ে যায়: { $delay } সেকেন্ডের { $tasks }টি ঘুমে লাগে { $total } সেকেন্ড। আগে সেগুলোকে টাস্কে মুড়ে দিলে সবগুলো একসাথে নির্ধারিত হয়, তাই তারা পাশাপাশি ঘুমায় আর gather() মোটামুটি { $delay } সেকেন্ড পরেই ফিরে আসে।
gather-tasks = কল
gather-tasks-help = fetch() কতবার কল করা হবে।
gather-delay = প্রতিটি কলের ঘুম
gather-delay-help = প্রতিটি fetch() কতক্ষণ ঘুমায়।
gather-mode = কোন সংস্করণ
gather-mode-help = কোন সংস্করণ চালানো হবে: একে একে await, টাস্ক + gather, নাকি দুটোই পরপর।
gather-mode-both = দুটোই
gather-mode-sequential = ক্রমিক
gather-mode-concurrent = সমসাময়িক
gather-eager = টাস্ক সঙ্গে সঙ্গে শুরু করুন
gather-eager-help = প্রতিটি টাস্কের প্রথম ধাপ create_task-এর ভেতরেই, তার প্রথম await পর্যন্ত চলে (3.14: create_task(…, eager_start=True); 3.12 ও 3.13: লুপের eager_task_factory)। Python 3.11-এ এই সুবিধা নেই।
error-eager-needs-3-12 = eager-এর জন্য Python 3.12 বা নতুনতর লাগবে: { $python }-এ সঙ্গে সঙ্গে শুরু নেই (python={ $python } সহ "true" পাওয়া গেছে)

## lock

lock-title = একটিমাত্র থ্রেডে রেস কন্ডিশন, আর asyncio.Lock
lock-summary-unlocked = { $workers }টি increment() টাস্কের প্রত্যেকটি কাউন্টার পড়ে, await করে, তারপর যা পড়েছিল তার + 1 লেখে। লক ছাড়া কেউ মান ফিরিয়ে লেখার আগেই সবাই কাউন্টার পড়ে ফেলে, তাই আপডেট হারিয়ে যায় — একটিমাত্র থ্রেডে, কোনো সমান্তরালতা ছাড়াই।
lock-summary-locked = { $workers }টি increment() টাস্কের প্রত্যেকটি কাউন্টার পড়ে, await করে, তারপর যা পড়েছিল তার + 1 লেখে। async with lock: থাকলে পড়া-await-লেখার অংশটি একবারে একটিই টাস্ক চালায়, তাই গণনা একদম ঠিক থাকে — তার দাম হলো, অংশগুলো একটার পর একটা চলে।
lock-workers = টাস্ক
lock-workers-help = কতগুলো increment() কল একসাথে চলে।
lock-hold = পড়া আর লেখার মাঝে await
lock-hold-help = প্রতিটি increment পড়া আর লেখার মাঝে কতক্ষণ await করে; 0 মানে asyncio.sleep(0), অর্থাৎ লুপের একটি চক্র।
lock-use_lock = লক ব্যবহার করুন
lock-use_lock-help = পড়া-await-লেখার অংশটি async with lock:-এর ভেতরে রাখুন।

## taskgroup

taskgroup-title = কোনো টাস্ক ব্যর্থ হলে: gather() বনাম TaskGroup
taskgroup-summary-gather = { $tasks }টি risky() টাস্ক শুরু হয়; তার { $failing }টি { $fail_after } সেকেন্ড পরে ValueError তোলে। সাধারণ gather()-এ প্রথম ব্যর্থতা সঙ্গে সঙ্গে কলারের কাছে পৌঁছায়, অথচ বাকি টাস্কগুলো চলতেই থাকে: এরা অনাথ টাস্ক, যাদের জন্য কেউ অপেক্ষা করে না, আর যাদের পরের ত্রুটিগুলো হারিয়ে যায়।
taskgroup-summary-return_exceptions = { $tasks }টি risky() টাস্ক শুরু হয়; তার { $failing }টি { $fail_after } সেকেন্ড পরে ValueError তোলে। gather(return_exceptions=True)-এ কিছুই তোলা হয় না: সব টাস্ক শেষ হলে প্রতিটি ফলাফল, ব্যর্থতাসহ, একটি মান হিসেবে ফিরে আসে।
taskgroup-summary-taskgroup = { $tasks }টি risky() টাস্ক একটি TaskGroup-এ শুরু হয়; তার { $failing }টি { $fail_after } সেকেন্ড পরে ValueError তোলে। একটি টাস্ক ব্যর্থ হওয়া মাত্র গ্রুপটি ভাইবোন টাস্কগুলোকে বাতিল করে, তাদের শেষ হওয়ার অপেক্ষা করে, আর প্রতিটি ব্যর্থতা নিয়ে একটি ExceptionGroup তোলে — কোনো অনাথ টাস্ক থাকে না।
taskgroup-summary-taskgroup-eager-abort = { $tasks }টি risky() টাস্ক একটি TaskGroup-এ সঙ্গে সঙ্গে শুরু হয়, আর risky({ $first }) তার প্রথম ধাপেই — নিজের create_task-এর ভেতরেই — ValueError তোলে। Python { $python }-এর TaskGroup শেষ হয়ে যাওয়া সেই টাস্কটি তখনই নিষ্পত্তি করে: আগে তৈরি টাস্কগুলো ও main বাতিল করে, আর পরের create_task RuntimeError তোলে (গ্রুপটি বন্ধ হচ্ছে)। except* ValueError কেবল ValueError ধরে, তাই main সেই RuntimeError নিয়ে ব্যর্থ হয়। Python 3.14 এই ব্যর্থতা দেখে লুপের পরের পাকে, সব টাস্ক তৈরি হয়ে যাওয়ার পরে।
taskgroup-tasks = টাস্ক
taskgroup-tasks-help = কতগুলো risky(n) টাস্ক শুরু হবে (n = 0, 1, …)।
taskgroup-delay = প্রতিটি টাস্কের ঘুম
taskgroup-delay-help = যে টাস্ক ব্যর্থ হয় না, সে n ফেরত দেওয়ার আগে কতক্ষণ ঘুমায়।
taskgroup-fail = ব্যর্থ হওয়া টাস্ক
taskgroup-fail-help = কোন টাস্কগুলো ValueError("boom at n") তোলে: টাস্কের সংখ্যার চেয়ে ছোট ক্রমিক নম্বর, কমা দিয়ে আলাদা।
taskgroup-fail_after = ব্যর্থ টাস্ক কখন তোলে
taskgroup-fail_after-help = ব্যর্থ হওয়া টাস্কগুলো ব্যতিক্রম তোলার আগে কতক্ষণ ঘুমায়; 0 হলে তারা প্রথম ধাপেই তোলে, যেমন নির্দেশিকায়।
taskgroup-mode = অপেক্ষার উপায়
taskgroup-mode-help = main() কীভাবে টাস্কগুলোর জন্য অপেক্ষা করে।
taskgroup-mode-gather = gather()
taskgroup-mode-gather_return_exceptions = gather(return_exceptions=True)
taskgroup-mode-taskgroup = TaskGroup
taskgroup-eager = টাস্ক সঙ্গে সঙ্গে শুরু করুন
taskgroup-eager-help = প্রতিটি টাস্কের প্রথম ধাপ create_task-এর ভেতরেই, তার প্রথম await পর্যন্ত চলে (3.14: create_task(…, eager_start=True), tg.create_task-এও; 3.12 ও 3.13: লুপের eager_task_factory)। যে টাস্ক প্রথম await-এর আগেই ব্যর্থ হয়, create_task ফেরার সময় সেটি শেষ হয়ে গেছে: 3.12 ও 3.13-এ TaskGroup সেখানেই থেমে যায় এবং তার পরের create_task RuntimeError তোলে; 3.14 লুপের পরের পাক পর্যন্ত অপেক্ষা করে। Python 3.11-এ এই সুবিধা নেই।

## timeout

timeout-title = টাইমআউট আর বাতিলকরণ: asyncio.timeout()
timeout-summary-timeout = slow_call() async with asyncio.timeout({ $timeout })-এর ভেতরে { $duration } সেকেন্ড ঘুমায়। সময়সীমা পেরোলেই asyncio সেটিকে বাতিল করে: যে await-এ সে আটকে আছে, সেখানেই CancelledError তুলে। তবু তার finally ব্লক চলে — সংযোগ আর ফাইল সেখানেই বন্ধ হয় — আর তারপরেই কলার TimeoutError দেখতে পায়।
timeout-summary-wait_for-3-11 = slow_call() asyncio.wait_for(…, timeout={ $timeout })-এর ভেতরে { $duration } সেকেন্ড ঘুমায়। Python 3.11-এ wait_for কলটিকে আলাদা একটি টাস্ক হিসেবে চালায়; সময়সীমা পেরোলে সে ওই টাস্কটিকে তার await-এ বাতিল করে, তার finally ব্লকের জন্য অপেক্ষা করে, আর TimeoutError তোলে। টাইমআউট 0 হলে টাস্কটি শুরু হওয়ার আগেই বাতিল হয়ে যায়।
timeout-timeout = টাইমআউট
timeout-timeout-help = asyncio.timeout() বা wait_for()-কে দেওয়া সময়সীমা।
timeout-duration = slow_call()-এর সময়
timeout-duration-help = কিছু বাধা না দিলে slow_call() কতক্ষণ ঘুমায়।
timeout-api = কী দিয়ে সীমা টানবেন
timeout-api-help = async with asyncio.timeout(…) (3.11+), অথবা পুরোনো await asyncio.wait_for(…, timeout=…)।
timeout-api-timeout = asyncio.timeout()
timeout-api-wait_for = asyncio.wait_for()

## blocking

blocking-title = ব্লকিং কলের ফাঁদ: time.sleep() বনাম asyncio.sleep() বনাম to_thread()
blocking-summary-blocking = main() যখন { $block } সেকেন্ড অপেক্ষা করে, তখন heartbeat() টাস্কের প্রতি { $interval } সেকেন্ডে print করার কথা। async কোডের ভেতরে time.sleep() লুপের একমাত্র থ্রেডটিকে আটকে দেয়: সেটি না ফেরা পর্যন্ত কোনো হার্টবিট চলতে পারে না, তাই দুই বিটের মাঝের ফাঁক বেড়ে পুরো { $block } সেকেন্ড হয়ে যায়। আসল ঘড়িতে এর মধ্যে পেজটিও জমে থাকে।
blocking-summary-sleep = main() যখন { $block } সেকেন্ড অপেক্ষা করে, তখন heartbeat() টাস্ক প্রতি { $interval } সেকেন্ডে print করে। await asyncio.sleep() লুপকে ছেড়ে দেয়, তাই বিটগুলো সময়মতো আসে।
blocking-summary-to_thread = main() যখন { $block } সেকেন্ড অপেক্ষা করে, তখন heartbeat() টাস্ক প্রতি { $interval } সেকেন্ডে print করে। await asyncio.to_thread(time.sleep, …) ব্লকিং কলটিকে অন্য একটি থ্রেডে চালায় — এখানে একটি Web Worker, সত্যিকারের দ্বিতীয় থ্রেড — তাই লুপ মুক্ত থাকে আর বিটগুলো সময়মতো আসে। Python-এর থ্রেডের মতো নয়, ওয়ার্কারকে থামানো যায়: "থামান" কাজের মাঝখানেই সেটিকে বন্ধ করে দেয়।
blocking-heartbeats = হার্টবিট
blocking-heartbeats-help = heartbeat() টাস্ক কতগুলো বিট print করে।
blocking-interval = বিটের ব্যবধান
blocking-interval-help = heartbeat() টাস্ক দুই বিটের মাঝে কতক্ষণ ঘুমায়।
blocking-block = main()-এর অপেক্ষা
blocking-block-help = main() কতক্ষণ ঘুমায় (ব্লক করে বা না করে)।
blocking-mode = main() কী দিয়ে অপেক্ষা করে
blocking-mode-help = লুপের ওপর time.sleep(), await asyncio.sleep(), অথবা await asyncio.to_thread(time.sleep, …)।
blocking-mode-blocking = time.sleep() (ব্লক করে)
blocking-mode-sleep = await asyncio.sleep()
blocking-mode-to_thread = await asyncio.to_thread()

## bounded-fetch

bounded-fetch-title = বাস্তবের ফেচার: Semaphore, প্রতিটি অনুরোধে টাইমআউট, TaskGroup
bounded-fetch-summary = { $urls }টি fetch_one() টাস্ক সব একসাথে শুরু হয়, কিন্তু Semaphore একবারে তাদের মধ্যে কেবল { $max }টিকে অনুরোধ পাঠাতে দেয়; বাকিরা সারিতে দাঁড়ায়, তাই রানটিতে { $latency } সেকেন্ডের মোটামুটি { $rounds }টি দফা লাগে ({ $ideal } সেকেন্ড)। যে অনুরোধ তার { $timeout } সেকেন্ডের টাইমআউটের চেয়ে ধীর, বা যার সংযোগ ব্যর্থ হয়, তা fetch_one()-এর ভেতরেই ধরা পড়ে আর ডেটা হিসেবে ফেরত আসে, তাই একটি খারাপ URL কখনো বাকি অনুরোধগুলো বাতিল করে না।
bounded-fetch-urls = URL-এর সংখ্যা
bounded-fetch-urls-help = কতগুলো URL আনা হবে।
bounded-fetch-max_concurrent = Semaphore
bounded-fetch-max_concurrent-help = একসাথে সর্বোচ্চ এতগুলো অনুরোধ চলতে পারে (Semaphore-এর মান)।
bounded-fetch-latency = বিলম্ব
bounded-fetch-latency-help = নকল সার্ভার একটি অনুরোধের উত্তর দিতে কতক্ষণ নেয়।
bounded-fetch-jitter = বিলম্বের ওঠানামা
bounded-fetch-jitter-help = প্রতিটি বিলম্ব সর্বোচ্চ ± এতটা বদলাতে পারে (seed দিয়ে নির্ধারিত, কখনো 0-এর নিচে নয়)।
bounded-fetch-request_timeout = প্রতিটি অনুরোধের টাইমআউট
bounded-fetch-request_timeout-help = প্রতিটি অনুরোধের চারপাশের asyncio.timeout()।
bounded-fetch-fail_rate = ব্যর্থতার হার
bounded-fetch-fail_rate-help = কত ভাগ অনুরোধের সংযোগ ব্যর্থ হয় (0 থেকে 1, seed দিয়ে নির্ধারিত)।
bounded-fetch-seed = বীজ (seed)
bounded-fetch-seed-help = এলোমেলো ওঠানামা আর ব্যর্থতার বীজ: একই বীজ দিলে একই রান পাওয়া যায়।
bounded-fetch-targets = আসল URL (ঐচ্ছিক)
bounded-fetch-targets-help = স্পেস বা কমা দিয়ে আলাদা করা http(s) URL। আসল ঘড়িতে এগুলো সত্যিই আনা হয় (URL-গুলো ঘুরে ঘুরে ব্যবহার হয়); CORS-এর প্রত্যাখ্যান আর নেটওয়ার্কের ব্যর্থতা ত্রুটি হিসেবে, ডেটা হয়ে ফেরে। ফাঁকা থাকলে: পেজের নকল API। ভার্চুয়াল ঘড়িতে সবসময় নকলই হয়।

## mistakes

mistakes-title = সাধারণ ভুল, আর তাদের সমাধান
mistakes-summary-forgot_await = await ছাড়া একটি কোরোটিন ফাংশন কল করলে কেবল একটি কোরোটিন অবজেক্ট তৈরি হয়: fetch(1)-এর ভেতরের কোড কখনো চলে না, আর Python সতর্ক করে যে সেটিকে কখনো await করা হয়নি। সমাধান: await fetch(2) (অথবা asyncio.create_task দিয়ে মুড়ে সেই টাস্কটিকে await করুন)।
mistakes-summary-dangling_task = যে টাস্ককে কেউ ধরে রাখে না, await-ও করে না, সেটি দুইভাবে হারিয়ে যেতে পারে। ইভেন্ট লুপ টাস্ককে কেবল একটি দুর্বল (weak) রেফারেন্সে ধরে রাখে, তাই যে টাস্ক এমন কিছুর জন্য অপেক্ষা করছে যা আর কেউ ধরে রাখেনি, সেটি রানের মাঝখানেই garbage collector সরিয়ে দিতে পারে আর তা কখনো শেষ হয় না (তখন CPython লেখে "Task was destroyed but it is pending!"); এটা ঘটবে কি না, আর কখন, তা নির্ভর করে garbage collector কখন চলে তার ওপর, তাই একটি প্রোগ্রাম মাসের পর মাস ঠিক চলে তারপর একটি টাস্ক হারাতে পারে (gc.collect() এটি সঙ্গে সঙ্গে ঘটায়)। আর main() ফেরার সময় যা কিছু অসমাপ্ত থাকে, asyncio.run() তা বাতিল করে: এখানে save('bad')-এর তা-ই হয়, সেটি কখনো সংরক্ষণ করতে পারে না। দুটোরই একই সমাধান: প্রতিটি টাস্কের রেফারেন্স রাখুন (একটি set-এ, যেমন GOOD অংশটি করে) আর তার জন্য অপেক্ষা করুন।
mistakes-summary-blocking_driver = { $jobs }টি অনুরোধ, প্রতিটিতে { $work } সেকেন্ডের একটি কোয়েরি। ব্লকিং ডেটাবেস ড্রাইভার প্রতিটি টাস্কের জন্য লুপকে জমিয়ে দেয়, তাই কোয়েরিগুলো একটার পর একটা চলে; async ড্রাইভার (বা asyncio.to_thread) সেগুলোকে পাশাপাশি অপেক্ষা করতে দেয়।
mistakes-summary-no_timeout = একটি সার্ভার সংযোগ গ্রহণ করে, কিন্তু কখনো উত্তর দেয় না। টাইমআউট ছাড়া হ্যান্ডলারটি { $hang } সেকেন্ড পরে প্রোগ্রাম শেষ হওয়া পর্যন্ত অপেক্ষাই করে চলে; asyncio.timeout({ $timeout })-এর ভেতরের হ্যান্ডলারটি TimeoutError পায় আর একটি ত্রুটি দিয়ে উত্তর দিতে পারে।
mistakes-summary-cpu_bound = { $jobs }টি CPU-নির্ভর কাজ, প্রতিটি { $work } সেকেন্ডের। ইভেন্ট লুপে সেগুলো একটার পর একটা চলে আর পুরো সময় লুপকে জমিয়ে রাখে; { $cores }টি কোরে সেগুলো পাশাপাশি চলে — Python-এ ProcessPoolExecutor-এ (থ্রেডগুলো GIL ভাগ করে নেয়), ব্রাউজারে Web Worker-এ, যা সত্যিকারের থ্রেড।
mistakes-variant = ভুল
mistakes-variant-help = কোন ভুলটি চালানো হবে, তার সমাধানের পাশে।
mistakes-variant-forgot_await = কোরোটিনকে await করতে ভুলে যাওয়া
mistakes-variant-dangling_task = এমন টাস্ক যাকে কেউ রাখে না, await-ও করে না
mistakes-variant-blocking_driver = async কোডে ব্লকিং ড্রাইভার
mistakes-variant-no_timeout = নেটওয়ার্ক কলে কোনো টাইমআউট নেই
mistakes-variant-cpu_bound = লুপের ওপর CPU-নির্ভর কাজ
mistakes-work = প্রতিটি কলের সময়
mistakes-work-help = একটি কলে কত সময় লাগে: fetch() আর save() এতক্ষণ ঘুমায়, একটি কোয়েরি বা একটি CPU কাজ (একটি কোরে) এতক্ষণ নেয়।
mistakes-jobs = কল
mistakes-jobs-help = একসাথে কতগুলো অনুরোধ (প্রতিটিতে একটি কোয়েরি), বা কতগুলো CPU-নির্ভর কাজ।
mistakes-cores = কোর
mistakes-cores-help = ওয়ার্কার প্রসেস (প্রতি কোরে একটি), যারা CPU-নির্ভর কাজগুলো সমান্তরালে চালায়।
mistakes-timeout = টাইমআউট
mistakes-timeout-help = সঠিক হ্যান্ডলারের asyncio.timeout()।
mistakes-hang = কতক্ষণ দেখবেন
mistakes-hang-help = প্রোগ্রাম শেষ হওয়ার আগে main() কতক্ষণ অপেক্ষা করে (রানের সীমা)।

## The Python program

output-title = এ পর্যন্ত আউটপুট
values-title = মান
values-written-by = লিখেছে:
values-lost = এ পর্যন্ত হারানো আপডেট

## Results

results-title = ফলাফল
results-running = চলছে…
results-idle = ইভেন্ট লুপ কী করে দেখতে "চালান" চাপুন।

## Controls

controls-run = চালান
controls-run-again = আবার চালান
code-run = আমার কোড চালান
controls-stop = থামান
controls-fix-values = চালাতে হলে চিহ্নিত মানগুলো ঠিক করুন।
controls-fix-scale = চালাতে হলে সময়ের স্কেল ঠিক করুন।
controls-clock = ঘড়ি
controls-virtual = ভার্চুয়াল
controls-virtual-help = (তাৎক্ষণিক, প্রতিবার একই)
controls-real = আসল
controls-real-help = (ব্রাউজারের টাইমার)
controls-scale = সময়ের স্কেল
controls-scale-unit = (প্রতি গাইড-সেকেন্ডে আসল সেকেন্ড)
controls-scale-help = আসল ঘড়িতে 1 গাইড-সেকেন্ড এতক্ষণ চলে; { $lo } থেকে { $hi }।
controls-compare = তুলনা করুন: { $a } ↔ { $b }
controls-api-sw = অনুরোধগুলো আসল fetch() কল, যাদের উত্তর দেয় পেজের নকল API (একটি service worker), চাওয়া বিলম্বের পরে।
controls-api-inline = এখানে কোনো service worker নেই (file:// বা পুরোনো ব্রাউজার): নকল API-র বিলম্ব fetch()-এর বদলে পেজের ভেতরেই তৈরি করা হয়।
controls-api-starting = নকল API চালু হচ্ছে…

## Form, picker, events, export, embed

form-title = প্যারামিটার
form-reset = নির্দেশিকার মানে ফিরুন
form-slider = { $label }: স্লাইডার
form-help = { $help } অনুমোদিত: { $allowed }।
picker-title = উদাহরণ

## The page

app-title = asyncio প্লেগ্রাউন্ড
app-tagline = Python-এর ইভেন্ট লুপ, আপনার ব্রাউজারে: একটি সংখ্যা বদলান, "চালান" চাপুন, তারপর ধাপে ধাপে দেখুন লুপ কী করল আর কেন।
lang-switch = ভাষা
course-open = কোর্স
embed-open-full = পুরো প্লেগ্রাউন্ড খুলুন ↗

## Parameter values and what they allow (names and ranges stay as they are)

text = { $text }
unit-none = {""}
unit-seconds = {" "}সেকেন্ড
allowed-int = { $min } থেকে { $max }{ $unit } পর্যন্ত একটি পূর্ণসংখ্যা
allowed-number = { $min } থেকে { $max }{ $unit } পর্যন্ত একটি সংখ্যা
allowed-bool = true বা false
allowed-choice = এগুলোর একটি: { $options }
allowed-list = { $min } থেকে { $max } পর্যন্ত পূর্ণসংখ্যা, কমা দিয়ে আলাদা, প্রতিটি সর্বোচ্চ একবার
allowed-text = সর্বোচ্চ { $max } অক্ষরের লেখা
param-error = { $param }-এর মান হতে হবে { $allowed } (পাওয়া গেছে "{ $got }")
param-error-long = { $param }-এর মান হতে হবে { $allowed }
param-unknown = অজানা প্যারামিটার "{ $param }" (এই উদাহরণের প্যারামিটার: { $known })
param-undeclared = উদাহরণটি { $param }-কে { $kind } হিসেবে পড়ে, কিন্তু তার প্যারামিটার-তালিকায় এটি ঘোষিত নেই
taskgroup-error-fail = fail-এ থাকতে হবে 0 থেকে { $max } পর্যন্ত টাস্কের ক্রমিক নম্বর ({ $tasks }টি টাস্ক আছে) (পাওয়া গেছে "{ $got }")
bounded-fetch-error-targets = targets-এ থাকতে হবে স্পেস বা কমা দিয়ে আলাদা http:// বা https:// URL (পাওয়া গেছে "{ $got }")
unit-scale = {" "}আসল সেকেন্ড প্রতি গাইড-সেকেন্ডে
allowed-flag = 1 বা 0 (true বা false)
allowed-origins = কমা দিয়ে আলাদা origin, যেমন https://docs.example
allowed-program = UTF-8 লেখার base64url (RFC 4648 §5, padding ছাড়া), সর্বোচ্চ { $max } অক্ষর
param-missing = { $param } দেওয়া হয়নি; এর মান হতে হবে { $allowed }
param-twice = { $param } দুবার দেওয়া হয়েছে
keys-too-many = অনেক বেশি key: { $n }টি দেওয়া হয়েছে, সর্বোচ্চ { $max }টি অনুমোদিত
notice-keys-too-many = URL-এ { $n }টি key আছে, অথচ একটি URL-এ সর্বোচ্চ { $max }টি থাকতে পারে: শুধু প্রথম { $max }টি পড়া হয়েছে
notice-code-not-run = autorun=1 মানা হয়নি: code=-এর প্রোগ্রাম পড়া যায়নি (উপরে দেখুন), তাই কিছুই চলবে না
notice-unknown-scenario = অজানা উদাহরণ "{ $scenario }"; তার বদলে { $shown } দেখানো হচ্ছে
notice-unknown-param = URL-এর অজানা প্যারামিটার "{ $param }" উপেক্ষা করা হয়েছে
notice-step-beyond = URL-এ step={ $step }: এই রানে { $steps }টি ধাপ আছে, তাই এটি শেষে দেখানো হয়েছে
yes = হ্যাঁ
no = না
form-unit-seconds = (সেকেন্ড)

## Run bar, shortcuts, skip link

controls-title = রান
skip-to-run = রান-বারে যান
skip-to-results = ফলাফলে যান

## Python versions, the real clock's limits, real URLs

timeout-summary-wait_for = slow_call() asyncio.wait_for(…, timeout={ $timeout })-এর ভেতরে { $duration } সেকেন্ড ঘুমায়। Python 3.12 থেকে wait_for ভেতরে আসলে asyncio.timeout: slow_call() main()-এর নিজের টাস্কেই চলে, যাকে সময়সীমা তার await-এ বাতিল করে; তার finally ব্লক চলে, তারপর main() পায় TimeoutError। টাইমআউট 0 হলে তবু সেটি আলাদা একটি টাস্ক হয়, যা শুরু হওয়ার আগেই বাতিল হয়ে যায়।
python-version = Python সংস্করণ
python-version-help = রানটি কোন Python-এর asyncio মেনে চলবে — সেই CPython-এর সঙ্গে মিলিয়ে দেখা। 3.12 থেকে wait_for তার কাজ নতুন টাস্কের বদলে ডাকা টাস্কেই চালায়, আর gather আগেই শেষ হয়ে যাওয়া সন্তানদের সঙ্গে সঙ্গে মিটিয়ে দেয়; 3.13 বদলায় TaskGroup, uncancel() আর Semaphore কীভাবে বাতিলকরণ ও অনুমতি এগিয়ে দেয়।
python-version-3-11 = 3.11
python-version-3-12 = 3.12
python-version-3-13 = 3.13
python-version-3-14 = 3.14 (সর্বশেষ)
python-semantics = Python { $version }-এর asyncio: দেখানো প্রতিটি ধাপ CPython { $version }-এর সঙ্গে মিলিয়ে দেখা।
controls-fix-real = চালাতে চিহ্নিত মানগুলো বদলান, অথবা ভার্চুয়াল ঘড়ি বেছে নিন।
controls-freeze-warning = এই রানটি পাতাকে একবারে { $secs } সেকেন্ড পর্যন্ত জমিয়ে দেয়: time.sleep() আর CPU-নির্ভর কাজ পাতার একমাত্র থ্রেড আটকে রাখে, তাই সেগুলো ফেরা পর্যন্ত কিছুই — Stop-ও — সাড়া দেয় না।
real-clock-freeze = আসল ঘড়িতে { $product } সর্বোচ্চ { $limit } সেকেন্ড বাস্তব সময় হতে পারে ({ $given }, scale={ $scale } → { $wall } সেকেন্ড); { $names } বা scale কমান, অথবা ভার্চুয়াল ঘড়ি বেছে নিন
target-refused = targets-এ "{ $url }" থাকতে পারে না: { $why }
target-not-http = এটি http:// বা https:// URL নয়
target-own-site = এটি প্লেগ্রাউন্ডের নিজের সাইট ({ $origin })
target-private = { $host } একটি ব্যক্তিগত বা loopback ঠিকানা
notice-needs-click = এই রানটি আসল URL (targets) আনে: আপনি Run চাপলে তবেই শুরু হয়
notice-no-scenario = URL-এ কোনো দৃশ্যকল্প (scenario=…) নেই; এর প্যারামিটারগুলো { $shown } অনুযায়ী যাচাই করা হয়েছে

## Your own program ("Run my code"): the way in; the rest is in own-code/bn.ftl

code-edit = এই প্রোগ্রাম বদলান ও চালান
code-edit-help = প্রোগ্রামটি বদলান আর আপনার ব্রাউজারে আসল CPython-এ চালান।

## একটি রান সম্পর্কে পৃষ্ঠা যা বলে, কথায় (teach::present)
pick-sleep = ইভেন্ট লুপ
pick-gather = একসাথে অনেক টাস্ক
pick-taskgroup = টাস্ক ব্যর্থ হলে
pick-lock = শেয়ার করা ডেটা ও লক
pick-blocking = ব্লক করা কল
pick-timeout = টাইমআউট
pick-bounded-fetch = অনেক অনুরোধ
pick-mistakes = সাধারণ ভুল
pick-other = অন্য পাঠ
compare-gather-a = একটির পর একটি
compare-gather-b = একসাথে
compare-lock-a = লক ছাড়া
compare-lock-b = লকসহ
compare-taskgroup-a = gather(): বাকিরা চলে
compare-taskgroup-b = TaskGroup: বাকিরা বাতিল
compare-blocking-a = লুপে ঘুমানো
compare-blocking-b = ওয়ার্কার থ্রেডে ঘুমানো
compare-timeout-a = asyncio.timeout() দিয়ে
compare-timeout-b = asyncio.wait_for() দিয়ে
compare-fetch = { $n ->
    [one] একবারে একটি অনুরোধ
   *[other] একবারে { $n }টি অনুরোধ
  }
help-button = সাহায্য
embed-more = আরও: ব্যাখ্যা, সব প্যারামিটার ও প্রোগ্রাম
embed-less = কম

## Parts of the page loaded on first use (src/ui/lazy)

lazy-loading = লোড হচ্ছে…
lazy-failed = প্লেগ্রাউন্ডের এই অংশটি লোড করা যায়নি (সংযোগ নেই, অথবা এই পেজ খোলার পরে সাইটটি আপডেট হয়েছে)। আবার চেষ্টা করুন, অথবা পেজটি আবার লোড করুন।
lazy-retry = আবার চেষ্টা করুন
predict-switch = আগে অনুমান
predict-switch-help = রানের আগে দৃশ্যের প্রশ্নগুলোর উত্তর দিন; Run সেগুলো যাচাই করে।
predict-summary-later = পাঠের সারাংশ রানের পরে দেখানো হবে, যাতে তা আপনার উত্তর আগেই বলে না দেয়।
