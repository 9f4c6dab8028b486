# हिन्दी: what a run's result says — the results panel, the run's notices and findings, the headlines,
# Predict first's questions and verdicts (the run chunk's; the teaching views' are in hi.lesson.ftl, the first screen's in hi.ftl).

sleep-headline = "start" 0 सेकंड पर, "end" { $delay } सेकंड पर: बीच में लूप एक ही टाइमर के सहारे सोया रहा।
gather-headline-both = अनुक्रमिक { $sequential } सेकंड, समवर्ती { $concurrent } सेकंड → { $speedup }× तेज़
gather-headline-instant = अनुक्रमिक { $sequential } सेकंड, समवर्ती { $concurrent } सेकंड
gather-headline-sequential = अनुक्रमिक: { $delay } सेकंड वाली { $tasks } कॉल में { $elapsed } सेकंड
gather-headline-concurrent = समवर्ती: { $delay } सेकंड वाली { $tasks } कॉल में { $elapsed } सेकंड
lock-headline-exact = काउंटर { $expected } में से { $counter }: कोई अपडेट नहीं खोया
lock-headline-lost = काउंटर { $expected } में से { $counter }: { $lost ->
    [one] { $lost } अपडेट खो गया
   *[other] { $lost } अपडेट खो गए
  }
taskgroup-headline-raised = कॉल करने वाले को { $raised } मिला; { $orphans ->
    [0] कोई कार्य चलता हुआ नहीं छूटा
    [one] उसके बाद भी { $orphans } अनाथ कार्य चलता रहा
   *[other] उसके बाद भी { $orphans } अनाथ कार्य चलते रहे
  }
taskgroup-headline-returned = कॉल करने वाले को हर नतीजा एक मान के रूप में मिला; { $orphans ->
    [0] कोई कार्य चलता हुआ नहीं छूटा
    [one] उसके बाद भी { $orphans } अनाथ कार्य चलता रहा
   *[other] उसके बाद भी { $orphans } अनाथ कार्य चलते रहे
  }
timeout-headline-cleanup = { $elapsed } सेकंड बाद TimeoutError; उससे पहले finally की सफ़ाई चल चुकी थी
timeout-headline-no-cleanup = { $elapsed } सेकंड बाद TimeoutError; slow_call() कभी शुरू ही नहीं हुआ, इसलिए सफ़ाई के लिए कुछ था ही नहीं
timeout-headline-in-time = समय रहते पूरा हुआ, { $elapsed } सेकंड बाद
blocking-headline = धड़कनों के बीच सबसे लंबा अंतर: { $gap } सेकंड (इन्हें हर { $interval } सेकंड पर आना था)
bounded-fetch-headline = { $ok } सफल, { $errors ->
    [0] कोई त्रुटि नहीं
    [one] { $errors } त्रुटि
   *[other] { $errors } त्रुटियाँ
  }, एक साथ अधिकतम { $max }, { $elapsed } सेकंड (आदर्श { $ideal } सेकंड)
mistakes-headline-forgot_await = ग़लत: await के बिना fetch() ने कुछ नहीं चलाया ({ $warning }); सही: await करने पर उसने { $result } लौटाया
mistakes-headline-dangling_task = सँभालकर रखा और await किया गया: सहेज लिया; लटकता छोड़ा गया: { $dangling ->
    [0] कुछ नहीं बचा था
   *[other] main() लौटते ही रद्द हो गया
  }
mistakes-headline-blocking_driver = { $requests } अनुरोध: ब्लॉकिंग ड्राइवर के साथ { $blocking } सेकंड, async ड्राइवर के साथ { $async } सेकंड
mistakes-headline-no_timeout = बिना टाइमआउट वाला हैंडलर { $waited } सेकंड बाद भी प्रतीक्षा कर रहा था; टाइमआउट वाले को { $at } सेकंड पर TimeoutError मिला
mistakes-headline-no_timeout-none = बिना टाइमआउट वाला हैंडलर { $waited } सेकंड बाद भी प्रतीक्षा कर रहा था
mistakes-headline-cpu_bound = { $jobs } जॉब: लूप पर { $on_loop } सेकंड, { $workers ->
    [one] { $workers } वर्कर
   *[other] { $workers } वर्करों
  } पर { $parallel } सेकंड → { $speedup }× तेज़

## Timeline
state-running = चल रहा

## Output, loop and values at the playhead
results-stopped = { $at } सेकंड पर रुका ({ $reason })।
results-deadlock = { $at } सेकंड पर डेडलॉक: हर कार्य किसी ऐसी चीज़ की प्रतीक्षा कर रहा है जो कभी नहीं होगी।
results-raised = प्रोग्राम ने { $error } उठाया।
results-more = … और { $n } (सब कुछ JSON एक्सपोर्ट में देखें)
results-elapsed = बीता समय (लूप का समय)
results-wall = असली समय (मापा गया)
results-wall-value = { $wall } सेकंड, हर गाइड-सेकंड { $scale } सेकंड के हिसाब से
results-lateness = टाइमर की सबसे बड़ी देरी
results-lateness-value = गाइड-समय के { $ms } ms

## Run ends, lanes, units
stop-reason-user = आपने "रोकें" दबाया
stop-reason-horizon = देखने का तय समय पूरा हो गया
stop-reason-iterations = लूप के बहुत ज़्यादा चक्र

## पहले अनुमान: रन से पहले प्रश्न, उसके बाद निर्णय
predict-caught-nothing = कुछ नहीं: कोई अपवाद main() तक नहीं पहुँचता
predict-state-done = वे पूरे हो चुके हैं
predict-state-running = वे अभी भी चल रहे हैं
predict-state-cancelled = वे रद्द हो चुके हैं
predict-state-mixed = कुछ इस तरह, कुछ उस तरह
predict-q-sleep-elapsed = await asyncio.sleep({ $delay }) के साथ पूरा रन कितने सेकंड लेता है?
predict-q-gather-sequential = { $delay } सेकंड की { $tasks } कॉलों को एक के बाद एक await करने पर: क्रमिक हिस्सा कितने सेकंड लेता है?
predict-q-gather-concurrent = वही { $tasks } कॉलें कार्यों के रूप में, gather() से await की गईं: समवर्ती हिस्सा कितने सेकंड लेता है?
predict-q-taskgroup-states = main() में { $api } पर await के ठीक बाद, जिन कार्यों ने अपवाद नहीं उठाया वे…
predict-q-taskgroup-raised = { $api } के चारों ओर main() का except क्या पकड़ता है?
predict-q-lock-counter = { $workers } कार्य counter में 1 जोड़ते हैं (lock: { $lock })। अंत में counter कितना है?
predict-q-blocking-heartbeats = जब main() { $block } सेकंड प्रतीक्षा करता है ({ $mode }), तब कितनी हार्टबीट छपती हैं?
predict-q-blocking-elapsed = पूरा रन कितने सेकंड लेता है?
predict-q-timeout-timed-out = { $timeout } सेकंड के टाइमआउट के भीतर { $duration } सेकंड की कॉल: क्या उसका समय समाप्त होता है?
predict-q-timeout-elapsed = main() कुल कितने सेकंड लेता है?
predict-q-timeout-cleanup = क्या slow_call() का finally ब्लॉक चलता है?
predict-q-fetch-in-flight = Semaphore({ $max }) के अंतर्गत { $urls } अनुरोध: एक साथ अधिक से अधिक कितने चल रहे होते हैं?
predict-q-fetch-elapsed = { $latency } सेकंड के { $urls } अनुरोध: रन कितने सेकंड लेता है?
predict-q-forgot-await-ran = fetch() को await के बिना बुलाया गया है। क्या उसका शरीर चलता भी है?
predict-q-dangling-saved = जिस कार्य को कोई नहीं रखता ("bad"): क्या वह "saved" छाप पाता है?
predict-q-driver-blocking = ब्लॉक करने वाले ड्राइवर के साथ { $work } सेकंड के { $jobs } अनुरोध: वे कितने सेकंड लेते हैं?
predict-q-driver-async = async ड्राइवर के साथ वही अनुरोध: कितने सेकंड?
predict-q-no-timeout-good = { $timeout } सेकंड के टाइमआउट वाला हैंडलर: वह किस समय हार मानता है?
predict-q-no-timeout-bad = क्या बिना टाइमआउट वाला हैंडलर प्रोग्राम समाप्त होने पर भी प्रतीक्षा कर रहा है?
predict-q-cpu-loop = लूप पर { $work } सेकंड के CPU काम वाले { $jobs } जॉब: वे कितने सेकंड लेते हैं?
predict-q-cpu-parallel = वही जॉब { $cores } कोर पर प्रोसेस पूल में: कितने सेकंड?
predict-why-sleep-zero = asyncio.sleep() सचमुच प्रतीक्षा करता है: कार्य लूप को नियंत्रण लौटाता है और टाइमर चलने पर, { $expected } सेकंड बाद, लूप उसे जगाता है।
predict-why-added-sleeps = आपने sleep जोड़ दिए: { $tasks } कार्य एक ही समय पर सोते हैं, इसलिए एक देरी ({ $delay } सेकंड) लगती है, { $tasks } नहीं।
predict-why-gather-instant = gather() तुरंत नहीं लौटता: वह सबसे धीमे कार्य के पूरा होने तक, एक देरी बाद तक, प्रतीक्षा करता है।
predict-why-sequential-overlap = हर await पिछली कॉल के पूरा होने की प्रतीक्षा करता है: एक के बाद एक, { $tasks } sleep जुड़ते जाते हैं।
predict-why-atomic-increment = आपने counter += 1 को एक ही चरण माना: हर कार्य counter पढ़ता है, await करता है, फिर लिखता है — एक ही मान पढ़ने वाले कार्य एक-दूसरे का अपडेट मिटा देते हैं, इसलिए केवल { $expected } गिने जाते हैं।
predict-why-lock-loses = lock के साथ पढ़ना, await और लिखना हर कार्य का एक चरण है: कोई अपडेट नहीं खोता, सभी { $workers } गिने जाते हैं।
predict-why-sleep-keeps-ticking = time.sleep() लूप का एकमात्र थ्रेड पकड़े रखता है: उसके लौटने तक कोई दूसरा कार्य नहीं चलता, इसलिए बीच में कोई हार्टबीट नहीं छपती।
predict-why-await-frees-loop = await लूप को नियंत्रण लौटा देता है: main() की प्रतीक्षा के दौरान हार्टबीट कार्य चलता है।
predict-why-block-then-beats = ब्लॉक के दौरान हार्टबीट नहीं चल सकीं, इसलिए वे सब उसके बाद आती हैं: रन ब्लॉक से अधिक समय लेता है।
predict-why-beats-after = हार्टबीट main() की प्रतीक्षा के दौरान चलती हैं, उसके बाद नहीं: उनका समय प्रतीक्षा से मेल खाता है।
predict-why-timeout-waits-call = टाइमआउट कॉल को चलते रहने नहीं देता: समय-सीमा पर लूप उसे रद्द करता है, इसलिए main() { $expected } सेकंड बाद आगे बढ़ता है।
predict-why-timeout-at-once = टाइमआउट कॉल को तुरंत नहीं रोकता: कॉल समय-सीमा तक चलती है, और तभी रद्द होती है।
predict-why-timeout-always-fires = कॉल समय-सीमा से पहले पूरी हो गई, इसलिए टाइमआउट कभी नहीं चला।
predict-why-finally-runs = रद्द करना await पर उठाया गया एक अपवाद है: कार्य का finally ब्लॉक फिर भी चलता है।
predict-why-no-cancel-no-cleanup = यहाँ किसी ने कॉल को रद्द नहीं किया, इसलिए उसका finally ब्लॉक रद्द होने के बाद की सफ़ाई के रूप में नहीं चला।
predict-why-cancelled-before-start = कॉल शुरू होने से पहले ही रद्द हो गया: समय-सीमा पहले ही बीत चुकी थी, इसलिए उसका शरीर, और उसके भीतर का try और finally, कभी नहीं चला।
predict-why-semaphore-ignored = सेमाफ़ोर एक बार में { $max } को आने देता है: बाकी async with पर परमिट छूटने तक प्रतीक्षा करते हैं।
predict-why-all-at-once = सभी अनुरोध एक साथ नहीं चलते: Semaphore({ $max }) एक बार में { $max } को आने देता है, इसलिए वे दौर में चलते हैं।
predict-why-one-at-a-time = एक-एक करके नहीं: { $max } अनुरोध साथ-साथ चलते हैं।
predict-why-gather-cancels = एक के विफल होने पर gather() बाकी को रद्द नहीं करता: वह पहला अपवाद main() को देता है, और बाकी अनाथ होकर चलते रहते हैं।
predict-why-finished-first = विफलता से पहले ही दूसरे कार्य पूरे हो चुके थे, इसलिए रद्द करने को कुछ नहीं बचा था।
predict-why-taskgroup-waits = एक के विफल होते ही TaskGroup अपने दूसरे कार्यों को रद्द करता है, फिर उनके समाप्त होने की प्रतीक्षा करता है।
predict-why-gather-waits-all = gather() पहले अपवाद पर बाकी की प्रतीक्षा किए बिना लौट आता है: वे अभी भी चल रहे हैं।
predict-why-exception-group = TaskGroup अपने कार्यों के अपवादों को ExceptionGroup में लपेटता है (उसे except* से पकड़ें), एक ही त्रुटि हो तब भी।
predict-why-return-exceptions = return_exceptions=True के साथ gather() अपवादों को परिणामों में लौटाता है: कुछ भी उठाया नहीं जाता।
predict-why-gather-raises-first = gather() पहला अपवाद स्वयं उठाता है, ExceptionGroup नहीं।
predict-why-error-propagates = कार्य का अपवाद main() तक पहुँचता है: वह await पर उठाया जाता है।
predict-why-coroutine-object = कोरआउटिन फ़ंक्शन को बुलाने से केवल एक कोरआउटिन ऑब्जेक्ट बनता है: await के बिना वह कभी नहीं चलता (RuntimeWarning यही कहता है)।
predict-why-run-cancels-leftovers = main() के लौटने पर asyncio.run() बचे हुए कार्यों को रद्द कर देता है: जिस कार्य को किसी ने await नहीं किया वह कभी save नहीं करता।
predict-why-blocking-overlaps = ब्लॉक करने वाली कॉल लूप को पकड़े रखती है: अनुरोध एक के बाद एक चलते हैं, साथ-साथ नहीं।
predict-why-no-timeout-waits = टाइमआउट के बिना प्रतीक्षा को कुछ नहीं रोकता: प्रोग्राम समाप्त होने पर भी वह प्रतीक्षा कर रहा है।
predict-why-cpu-overlaps = लूप पर CPU वाला काम कभी await नहीं करता, इसलिए जॉब एक के बाद एक चलते हैं।
predict-why-processes-parallel = प्रोसेस पूल में जॉब { $cores } कोर पर समानांतर चलते हैं, एक के बाद एक नहीं।
predict-why-cores-limit = केवल { $cores } कोर: जॉब { $cores } के दौर में चलते हैं।
predict-why-too-high = बहुत अधिक: रन कहता है { $expected }।
predict-why-too-low = बहुत कम: रन कहता है { $expected }।
predict-why-other = ऐसा नहीं होता: रन कहता है { $expected }।
result-max_heartbeat_gap = धड़कनों के बीच सबसे लंबा अंतर
result-worker_used = वर्कर थ्रेड का उपयोग हुआ
result-ok = सफल अनुरोध
result-errors = विफल अनुरोध
result-max_in_flight = एक साथ चल रहे अधिकतम अनुरोध
result-ideal = आदर्श समय
result-sequential_elapsed = एक के बाद एक
result-concurrent_elapsed = एक साथ
result-results = परिणाम
result-speedup = गुना तेज़
result-counter = अंत में काउंटर
result-expected = अपेक्षित काउंटर
result-lost_updates = खोए अपडेट
result-warning = चेतावनी
result-ran = await के बिना कोरआउटिन चला
result-result = लौटाया गया मान
result-saved = सँभालकर रखे और await किए गए
result-dangling = लटकते छोड़े गए
result-requests = अनुरोध
result-blocking_elapsed = ब्लॉकिंग ड्राइवर के साथ
result-async_elapsed = async ड्राइवर के साथ
result-bad_waiting = बिना टाइमआउट वाला हैंडलर अब भी प्रतीक्षा में
result-good_raised = टाइमआउट वाले हैंडलर को मिला
result-good_at = उसे यह मिला
result-waited = इतनी देर देखा गया
result-jobs = जॉब
result-cores = कोर
result-workers = वर्कर
result-primes = मिली अभाज्य संख्याएँ
result-on_loop_elapsed = लूप पर
result-parallel_elapsed = समानांतर वर्करों में
result-log = छपा आउटपुट
result-raised = कॉलर ने देखा
result-exceptions = अपवाद
result-states = कार्य कैसे समाप्त हुए
result-orphans = चलते छोड़े गए कार्य
result-timed_out = टाइमआउट हुआ
result-cleanup_ran = सफ़ाई का कोड चला
result-cancelled_at = रद्द होने का समय
result-tasks = कार्य
result-python = Python संस्करण
result-error = त्रुटि
result-elapsed-main = main() का अपना माप
result-other = { $key }
results-elapsed-note = दो समय: main() ने ख़ुद { $main } सेकंड मापे; लूप कुल { $loop } सेकंड चला, जब तक हर कार्य समाप्त नहीं हो गया।
results-speed-faster = { $speed }× गति से चला: गाइड के { $guide } सेकंड के लिए { $wall } सेकंड
results-speed-slower = { $speed }× गति से चला (धीमा करके): गाइड के { $guide } सेकंड के लिए { $wall } सेकंड
results-speed-same = गाइड की अपनी गति से चला: गाइड के { $guide } सेकंड के लिए { $wall } सेकंड

## रन प्रोग्राम की ग़लतियों के बारे में क्या बताता है (scenarios/diagnostics/)।
diag-title = इस रन में क्या मिला
diag-deadlock-title = इन कार्यों को अब कोई नहीं जगा सकता। CPython यहाँ बिना कुछ कहे हमेशा इंतज़ार करता रहता; प्लेग्राउंड रन को यहीं ख़त्म कर देता है।
diag-deadlock = { $task } पंक्ति { $line } `{ $code }` पर { $on } का इंतज़ार करता है।
diag-deadlock-cycle = ये कार्य एक-दूसरे का इंतज़ार करते हैं, इसलिए कोई भी पहले पूरा नहीं हो सकता: { $cycle }।
diag-on-lock-held = एक Lock, जो { $holder } के पास है,
diag-on-lock-held-ended = एक Lock, जिसे { $holder } ने लिया और ख़त्म होने से पहले कभी नहीं छोड़ा,
diag-on-lock = एक Lock, जिसे कोई नहीं छोड़ता,
diag-on-event = एक Event, जिसे कोई set नहीं करता,
diag-on-semaphore = एक Semaphore, जिसमें कोई अनुमति नहीं बची,
diag-on-task = { $other }, जो ख़ुद भी अटका है,
diag-on-gather = gather() के कार्यों, जो ख़ुद भी अटके हैं,
diag-on-taskgroup = अपने TaskGroup के कार्यों, जो ख़ुद भी अटके हैं,
diag-on-future = एक Future, जिसे कोई पूरा नहीं करता (ख़ाली Queue का get() ऐसा ही है),
diag-never-awaited = पंक्ति { $line } { $coroutine }() को बिना await के बुलाती है: `{ $code }` बस एक कोरूटीन ऑब्जेक्ट बनाता है, और उसे कभी कोई नहीं चलाता। उसे await करें, या asyncio.create_task() को सौंपें और कार्य को सँभालकर रखें।
diag-never-retrieved = { $task } ने `{ $error }` उठाया और किसी ने उसे नहीं लिया: कार्य को await करें (या उसका result() या exception() माँगें), वरना उसकी त्रुटि अनदेखी रह जाती है।
diag-dropped-task = पंक्ति { $line } { $task } बनाती है और उसे कहीं नहीं रखती: `{ $code }`। लूप किसी कार्य का केवल कमज़ोर संदर्भ रखता है, इसलिए वह पूरा होने से पहले गायब हो सकता है, और उसका परिणाम या त्रुटि कोई नहीं देखता। उसे (किसी वेरिएबल या set में) रखें और await करें, या TaskGroup इस्तेमाल करें।
diag-slow-step = { $task } ने एक ही क़दम में लूप को { $secs } सेकंड रोके रखा (पंक्ति { $line } `{ $code }`): इस बीच कोई दूसरा कार्य नहीं चला। asyncio का debug मोड हर उस क़दम की सूचना देता है जो कम से कम loop.slow_callback_duration (0.1 सेकंड) लेता है।
diag-slow-callback = कॉलबैक `{ $callback }` ने लूप को { $secs } सेकंड रोके रखा (पंक्ति { $line } `{ $code }`): इस बीच कोई कार्य नहीं चला। asyncio का debug मोड हर उस कॉलबैक की सूचना देता है जो कम से कम loop.slow_callback_duration (0.1 सेकंड) लेता है, चाहे वह किसी कार्य का क़दम हो या call_soon() और call_later() का कॉलबैक।
diag-cpu-bound = { $task } ने एक ही क़दम में, बिना किसी await के, { $secs } सेकंड तक गणना की (पंक्ति { $line } `{ $code }`): इस बीच कोई दूसरा कार्य नहीं चला। asyncio हर कार्य एक ही थ्रेड पर चलाता है, इसलिए वह गणना को तेज़ नहीं कर सकता — await केवल इंतज़ार में मदद करता है। CPU-बाउंड काम प्रोसेस पूल में चलाएँ, await loop.run_in_executor(ProcessPoolExecutor(), …) (थ्रेड GIL साझा करते हैं), या उसके हिस्सों के बीच await asyncio.sleep(0) लिखें। इसी रन में मापा गया: ब्राउज़र में, पंक्ति-दर-पंक्ति ट्रेस होता Python, कंप्यूटर पर चलते CPython से धीमी गणना करता है।
diag-blocking-sleep = पंक्ति { $line } `{ $code }` लूप को { $secs } सेकंड रोक देती है: time.sleep() उसका इकलौता थ्रेड पकड़े रहता है, इसलिए इस बीच कोई दूसरा कार्य नहीं चलता। इंतज़ार के लिए await asyncio.sleep(…) लिखें; रोकने वाला काम चलाने के लिए await asyncio.to_thread(…)।
diag-blocking-request = पंक्ति { $line } `{ $code }` लूप को { $secs } सेकंड रोक देती है: requests लूप के इकलौते थ्रेड पर नेटवर्क का इंतज़ार करता है, इसलिए इस बीच कोई दूसरा कार्य नहीं चलता। कोई async क्लाइंट (aiohttp) इस्तेमाल करें, या await asyncio.to_thread(requests.get, …)।
diag-no-timeout-aiohttp = पंक्ति { $line } `{ $code }` { $url } से बिना timeout के और किसी asyncio.timeout के बाहर अनुरोध करती है: अगर सर्वर कनेक्शन ले ले और कभी जवाब न दे, तो { $task } aiohttp की डिफ़ॉल्ट 5 मिनट तक इंतज़ार करता है, और उसे await करने वाला भी। अनुरोध को समय-सीमा दें: async with asyncio.timeout(10): …, या timeout=aiohttp.ClientTimeout(total=10)।
diag-no-timeout-requests = पंक्ति { $line } `{ $code }` { $url } से बिना timeout के अनुरोध करती है: अगर सर्वर कभी जवाब न दे, तो requests हमेशा इंतज़ार करता रहता है। timeout=10 (सेकंड) दें; asyncio.timeout किसी blocking कॉल को नहीं रोक सकता।
diag-see-mistake = यह ग़लती उसके सुधार के साथ देखें
