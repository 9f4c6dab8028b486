# हिन्दी: the messages of the teaching views (the teaching chunk's; a run's result's are in hi.results.ftl, the first screen's in hi.ftl).

## Narration: one sentence per event, from the loop's point of view.
narr-none = अभी तक कुछ नहीं हुआ है।
narr-create = { $parent } पंक्ति { $line } पर { $label } चलाने के लिए { $task } बनाता है; उसका पहला चरण रेडी क्यू में जुड़ जाता है।
narr-create-main = asyncio.run() इवेंट लूप शुरू करता है और { $label } चलाने के लिए { $task } बनाता है; उसका पहला चरण रेडी क्यू में जुड़ जाता है।
narr-wake = { $task } जिसकी प्रतीक्षा कर रहा था, वह पूरा हो गया: लूप उसे फिर से चलाने के लिए कतार में लगाता है।
narr-wake-cancel = { $task } प्रतीक्षा के दौरान रद्द हो जाता है: लूप उसे कतार में लगाता है, ताकि उसे CancelledError मिले।
narr-wake-timer = { $task } की { $secs } सेकंड की नींद पूरी हुई: टाइमर बजता है और लूप { $task } को चलाने के लिए कतार में लगाता है।
narr-wake-timer-late = { $task } की { $secs } सेकंड की नींद { $due } सेकंड पर पूरी होनी थी, पर लूप अब तक रुका रहा: टाइमर { $late } सेकंड देर से बजता है, और लूप { $task } को चलाने के लिए कतार में लगाता है।
narr-wake-lock = { $by } लॉक छोड़ता है: लॉक की कतार में सबसे आगे खड़ा { $task } चलने के लिए कतार में लगता है।
narr-wake-permit = { $by } एक परमिट लौटाता है: सेमाफ़ोर की कतार में सबसे आगे खड़ा { $task } उसे पा लेता है और चलने के लिए कतार में लगता है।
narr-wake-event = { $by } इवेंट सेट करता है: { $task } चलने के लिए कतार में लगता है।
narr-wake-join = { $joined } पूरा हो गया: उसकी प्रतीक्षा कर रहा { $task } चलने के लिए कतार में लगता है।
narr-wake-gather = { $task } जिस gather() की प्रतीक्षा कर रहा है, उसका जवाब आ गया (हर कार्य पूरा, या पहली विफलता): { $task } चलने के लिए कतार में लगता है।
narr-wake-taskgroup = TaskGroup का हर कार्य पूरा हो गया: { $task } async with से बाहर निकलने के लिए कतार में लगता है।
narr-wake-worker = वर्कर ने { $job } पूरा कर लिया: { $task } उसके नतीजे के साथ चलने के लिए कतार में लगता है।
narr-wake-fetch = { $url } से जवाब आ गया: { $task } चलने के लिए कतार में लगता है।
narr-step-start = लूप { $task } को रेडी क्यू से निकालता है और पंक्ति { $line } पर { $label } शुरू करता है।
narr-step-resume = लूप { $task } को रेडी क्यू से निकालता है: वह पंक्ति { $line } `{ $code }` से आगे चलता है।
narr-step-cancel = लूप { $task } को रेडी क्यू से निकालता है, ताकि पंक्ति { $line } `{ $code }` पर CancelledError उठे।
narr-suspend-yield = { $task } पंक्ति { $line } `{ $code }` पर लूप को छोड़ देता है: sleep(0) उसे रेडी क्यू में सबसे पीछे लगा देता है; { $ahead ->
    [0] उसके आगे कोई नहीं है।
    [one] उसके आगे { $ahead } कार्य है।
   *[other] उसके आगे { $ahead } कार्य हैं।
  }
narr-suspend-sleep = { $task } पंक्ति { $line } पर { $secs } सेकंड की नींद को await करता है: लूप { $until } सेकंड पर बजने वाला टाइमर लगाता है और इस बीच दूसरे कार्य चलाता है।
narr-suspend-sleep-alone = { $task } पंक्ति { $line } पर { $secs } सेकंड की नींद को await करता है: लूप { $until } सेकंड पर बजने वाला टाइमर लगाता है; कोई दूसरा कार्य तैयार नहीं है और कोई दूसरा टाइमर नहीं लगा है, इसलिए तब तक लूप खाली बैठकर इंतज़ार करता है।
narr-suspend-sleep-deadline = { $task } पंक्ति { $line } पर { $secs } सेकंड की नींद को await करता है: लूप { $until } सेकंड पर बजने वाला टाइमर लगाता है। कोई दूसरा कार्य तैयार नहीं है, इसलिए लूप अपने अगले टाइमर तक खाली बैठकर इंतज़ार करता है: { $first ->
        [deadline] वह टाइमआउट की समय-सीमा है जिसके भीतर { $task } है, { $at } सेकंड पर, जो पहले आती है।
       *[sleep] इसी नींद का टाइमर, { $until } सेकंड पर (टाइमआउट की समय-सीमा, { $at } सेकंड पर, बाद में आती है)।
    }
narr-suspend-lock = { $task } पंक्ति { $line } `{ $code }` पर लॉक की प्रतीक्षा करता है: लॉक { $holder } के पास है।
narr-suspend-permit = { $task } पंक्ति { $line } `{ $code }` पर परमिट की प्रतीक्षा करता है: सभी { $held } परमिट लिए जा चुके हैं।
narr-suspend-event = { $task } पंक्ति { $line } `{ $code }` पर तब तक प्रतीक्षा करता है, जब तक इवेंट सेट न हो।
narr-suspend-join = { $task } पंक्ति { $line } `{ $code }` पर { $other } को await करता है: { $other } के पूरा होने पर उसे जगाया जाएगा।
narr-suspend-gather = { $task } पंक्ति { $line } पर gather() को await करता है: हर कार्य पूरा होने पर, या पहले कार्य के विफल होते ही, उसे जगाया जाएगा।
narr-suspend-taskgroup = { $task } पंक्ति { $line } पर async with TaskGroup() के अंत तक पहुँचता है: वह समूह के हर कार्य के पूरा होने तक प्रतीक्षा करता है।
narr-suspend-worker = { $task } पंक्ति { $line } पर { $job } एक वर्कर थ्रेड को सौंपता है: इस बीच लूप खाली रहता है।
narr-suspend-fetch = { $task } पंक्ति { $line } पर एक अनुरोध भेजता है और जवाब की प्रतीक्षा करता है: इस बीच लूप खाली रहता है।
narr-suspend-future = { $task } पंक्ति { $line } `{ $code }` पर एक future को await करता है।
narr-cancel = { $by } { $task } को रद्द करता है (जो पंक्ति { $line } पर प्रतीक्षा कर रहा है): उसके await पर CancelledError उठाया जाएगा।
narr-cancel-unstarted = { $by } { $task } को उसके पहला कदम उठाने से पहले ही रद्द करता है: उसका पहला कदम CancelledError उठाता है, इसलिए { $label } का कोई भी हिस्सा नहीं चलता।
narr-cancel-deadline = { $limit } सेकंड की समय-सीमा बीत गई: लूप { $task } को `{ $code }` (पंक्ति { $line }) पर रद्द करता है।
narr-cancel-shutdown = { $main } लौट चुका है: asyncio.run() { $task } को रद्द करता है, जो पंक्ति { $line } पर अब भी अधूरा है।
narr-cancel-sibling = TaskGroup का एक सहोदर कार्य विफल हो गया: समूह { $task } को पंक्ति { $line } `{ $code }` पर रद्द करता है।
narr-cancel-parent = उसके TaskGroup का एक टास्क विफल हो गया: समूह अपने पैरेंट { $task } को पंक्ति { $line } `{ $code }` पर रद्द करता है — समूह का अपना exit इस रद्दीकरण को पकड़ता है, बाकी टास्कों की प्रतीक्षा करता है, और एक ExceptionGroup उठाता है।
narr-cancel-loop = लूप { $task } को पंक्ति { $line } `{ $code }` पर रद्द करता है।
narr-done = { $task } पंक्ति { $line } पर लौटता है: { $label } पूरा हुआ।
narr-failed = { $task } पंक्ति { $line } पर { $error } उठाता है: { $label } विफल हुआ।
narr-cancelled = { $task } पंक्ति { $line } पर CancelledError के साथ ख़त्म होता है: { $label } रद्द हुआ।
narr-print = { $task } “{ $text }” print करता है (पंक्ति { $line })।
narr-print-top = प्रोग्राम अपने शीर्ष स्तर पर, किसी कार्य के बाहर, “{ $text }” print करता है (पंक्ति { $line })।
narr-blocked = { $task } पंक्ति { $line } पर { $what }({ $secs }) कॉल करता है: लूप का इकलौता थ्रेड { $secs } सेकंड के लिए रुक जाता है — कोई दूसरा कार्य नहीं चल सकता, और इस बीच बजने वाला हर टाइमर देर से बजता है।
narr-blocked-call = { $task } पंक्ति { $line } पर { $what } कॉल करता है: यह लूप के इकलौते थ्रेड को { $secs } सेकंड के लिए रोक देता है — कोई दूसरा कार्य नहीं चल सकता, और इस बीच बजने वाला हर टाइमर देर से बजता है।
narr-job-start = वर्कर { $worker } { $task } के लिए { $job } शुरू करता है।
narr-job-end = वर्कर { $worker } ने { $task } का काम पूरा कर लिया; नतीजा लूप के पास लौटता है।
narr-job-failed = { $task } के काम ने वर्कर { $worker } में अपवाद उठाया; अपवाद लूप के पास लौटता है।
narr-warning = asyncio की चेतावनी: { $message }
narr-acquire-lock = { $task } पंक्ति { $line } `{ $code }` पर लॉक ले लेता है: वहाँ पहुँचने वाले हर दूसरे कार्य को प्रतीक्षा करनी होगी।
narr-release-lock = { $task } पंक्ति { $line } पर लॉक छोड़ता है{ $waiting ->
    [0] ; कोई उसकी प्रतीक्षा नहीं कर रहा।
    [one] ; { $waiting } कार्य उसकी प्रतीक्षा कर रहा है।
   *[other] ; { $waiting } कार्य उसकी प्रतीक्षा कर रहे हैं।
  }
narr-acquire-permit = { $task } पंक्ति { $line } पर सेमाफ़ोर का एक परमिट लेता है: { $held ->
    [one] अब { $held } परमिट लिया हुआ है।
   *[other] अब { $held } परमिट लिए हुए हैं।
  }
narr-release-permit = { $task } अपना परमिट लौटाता है: { $held ->
    [0] अब कोई परमिट किसी के पास नहीं है।
    [one] अब { $held } परमिट लिया हुआ है।
   *[other] अब { $held } परमिट लिए हुए हैं।
  }
narr-event-set = { $task } पंक्ति { $line } पर इवेंट सेट करता है: { $waiting ->
    [0] कोई प्रतीक्षा नहीं कर रहा था।
    [one] उसकी प्रतीक्षा कर रहा कार्य कतार में लगता है।
   *[other] उसकी प्रतीक्षा कर रहे { $waiting } कार्य कतार में लगते हैं।
  }
narr-deadline = { $task } पंक्ति { $line } पर { $limit } सेकंड के टाइमआउट में प्रवेश करता है: अगर तब तक पूरा न हुआ, तो लूप उसे { $at } सेकंड पर रद्द कर देगा।
narr-deadline-off = { $task } पंक्ति { $line } पर टाइमआउट ब्लॉक से बाहर निकलता है: उसकी समय-सीमा का टाइमर रद्द हो जाता है।
narr-request = { $task } पंक्ति { $line } पर एक अनुरोध भेजता है: { $what }({ $url }), अपनी { $limit } सेकंड की समय-सीमा के साथ।
narr-request-guarded = { $task } पंक्ति { $line } पर एक अनुरोध भेजता है: { $what }({ $url }), एक खुले asyncio.timeout की समय-सीमा के भीतर।
narr-request-unbounded = { $task } पंक्ति { $line } पर एक अनुरोध भेजता है: { $what }({ $url }), बिना किसी timeout और बिना किसी समय-सीमा के — अगर सर्वर कभी जवाब न दे, तो यह हमेशा इंतज़ार करता रहेगा।
narr-var-write = { $task } { $name } = { $value } लिखता है (पंक्ति { $line })।
narr-var-lost = { $task } { $name } = { $value } लिखता है — { $other } पहले ही { $old } लिख चुका था: एक अपडेट खो गया।
narr-var-local = { $task } काउंटर पढ़ता है: { $name } = { $value } (पंक्ति { $line })।

## Timeline
timeline-title = टाइमलाइन
timeline-empty = उदाहरण चलाने पर यहाँ हर कार्य की एक पट्टी दिखेगी।
timeline-axis = अक्ष
timeline-axis-time-choice = समय
timeline-axis-iter-choice = लूप के चक्र
timeline-axis-auto = (इस रन के लिए चुना गया)
timeline-axis-time = गाइड-सेकंड →
timeline-axis-iter = लूप के चक्र →
timeline-details-hint = ब्योरे के लिए किसी हिस्से पर पॉइंटर रखें या किसी पट्टी पर फ़ोकस करें (Tab); निशान (⏰ ✂ ⚡ ⌛) दबाने पर आप उस घटना के चरण पर पहुँच जाते हैं।
timeline-legend = संकेत
state-ready = तैयार (कतार में)
state-sleeping = सो रहा
state-waiting-lock = प्रतीक्षा: लॉक
state-waiting-semaphore = प्रतीक्षा: सेमाफ़ोर
state-waiting-event = प्रतीक्षा: इवेंट
state-waiting-join = प्रतीक्षा: कार्य / gather
state-in-worker = वर्कर में
state-busy = वर्कर व्यस्त
state-fetching = जवाब का इंतज़ार
state-blocked = लूप को रोके हुए
state-waiting = प्रतीक्षा: future
mark-deadline = समय-सीमा
mark-cancel = रद्द
mark-raise = अपवाद कॉल करने वाले तक पहुँचा
mark-late = टाइमर देर से बजा
mark-finding = रन में मिली ग़लती (देखें: इस रन में क्या मिला)
mark-acquire = लॉक / परमिट लिया
mark-release = लॉक / परमिट लौटाया

## Stepper
stepper-title = रन को चरण-दर-चरण देखें
stepper-first = पहली घटना
stepper-prev = पिछला चरण: एक पंक्ति या घटना (←)
stepper-next = अगला चरण: एक पंक्ति या घटना (→)
stepper-jumps = छलाँग
stepper-prev-event = ◀ घटना
stepper-next-event = घटना ▶
stepper-prev-iter = ◀ चक्र
stepper-next-iter = चक्र ▶
stepper-prev-event-key = पिछली घटना जो सिर्फ़ एक पंक्ति नहीं है (Shift+←)
stepper-next-event-key = अगली घटना जो सिर्फ़ एक पंक्ति नहीं है (Shift+→)
stepper-prev-iter-key = इस लूप चक्र की शुरुआत, या उससे पहले वाले की (Alt+←)
stepper-next-iter-key = अगले लूप चक्र की शुरुआत (Alt+→)
stepper-last = आख़िरी घटना
stepper-slider = मौजूदा चरण
stepper-position = चरण { $step } / { $steps } · t = { $t } s · लूप चक्र { $iter }
stepper-at-end = रन का अंत: इसे चरण-दर-चरण देखने के लिए ⏮ या ← दबाएँ
stepper-end-short = रन का अंत
stepper-copy-link = इस चरण का लिंक कॉपी करें
stepper-link-copied = लिंक कॉपी हो गया: यह परिदृश्य चलाकर इसी चरण पर खुलता है

## Output, loop and values at the playhead
inspector-title = मौजूदा चरण पर
inspector-not-started = इस चरण तक यह रन शुरू नहीं हुआ है।
output-empty = अभी तक कुछ print नहीं हुआ।
output-line-more = … और इस पंक्ति में { $n } अक्षर और
output-earlier = { $n ->
    [one] … पहले की { $n } पंक्ति
   *[other] … पहले की { $n } पंक्तियाँ
  }
output-top-level = शीर्ष स्तर
loop-title = इवेंट लूप
loop-running = अभी चल रहा
loop-idle = कोई कार्य नहीं: लूप दो चरणों के बीच है
loop-ready = रेडी क्यू
loop-timers = टाइमर
loop-no-timers = कोई टाइमर नहीं लगा
loop-timer-sleep = नींद से जागेगा
loop-timer-deadline = समय-सीमा: इसे रद्द करेगी
loop-lock = asyncio.Lock
loop-held-by = किसके पास:
loop-waiting = प्रतीक्षा में:
loop-semaphore = Semaphore
loop-permits-held = { $n } परमिट, किसके पास:
loop-permits-waiting = { $n } प्रतीक्षा में:
loop-event = asyncio.Event
loop-joins = await कर रहे
loop-awaits = प्रतीक्षा कर रहा है:
loop-awaits-gather = gather() की प्रतीक्षा कर रहा है
loop-awaits-taskgroup = अपने TaskGroup की प्रतीक्षा कर रहा है
loop-workers = वर्कर
loop-worker = वर्कर { $worker } पर { $job }, कार्य:
loop-requests = अनुरोध
loop-in-flight = { $n } जारी:
loop-nobody = कोई नहीं
loop-more = … और { $n }
loop-show-more = { $n } और दिखाएँ
call-graph-title = कौन किसकी प्रतीक्षा कर रहा है
call-graph-help = हर टास्क उस टास्क के नीचे जो उसका await कर रहा है, जैसे python -m asyncio pstree दिखाता है (Python 3.14)।
call-graph-none = यहाँ कोई टास्क किसी दूसरे टास्क की प्रतीक्षा नहीं कर रहा।
frame-title = { $task } के फ़्रेम के लोकल वेरिएबल, पंक्ति { $line } शुरू होते समय
frame-none = अभी कोई लोकल वेरिएबल नहीं
events-title = सारी घटनाएँ, तालिका में ({ $n })
events-limit = { $n } में से पहली { $shown } दिख रही हैं; सबके लिए JSON एक्सपोर्ट करें।
events-caption = रन की हर घटना, क्रम से
events-time = समय
events-iter = चक्र
events-task = कार्य
events-line = पंक्ति
events-event = घटना
events-detail = ब्योरा
export-title = एक्सपोर्ट
export-json = JSON एक्सपोर्ट करें
export-trace = ट्रेस एक्सपोर्ट करें (Perfetto)
export-trace-help = Chrome Trace Event Format: इसे ui.perfetto.dev या chrome://tracing में खोलें
export-progress = फ़ाइल लिखी जा रही है… { $percent } %
export-cancel = रद्द करें

## What things are: segments, waits, events, marks
wait-sleep = { $until } सेकंड तक की नींद
wait-yield = sleep(0): अगले चक्र में फिर तैयार
wait-lock = लॉक
wait-semaphore = सेमाफ़ोर का परमिट
wait-event = इवेंट
wait-join = { $task }
wait-gather = gather()
wait-taskgroup = उसके TaskGroup के कार्य
wait-worker = वर्कर में { $job }
wait-fetch = { $url } से जवाब
wait-future = एक future
why-created = बना, पहले चरण की प्रतीक्षा में
why-queued = जागा: चलने के लिए कतार में
why-first-step = पहला चरण
why-after-yield = sleep(0) के बाद
why-woken = जागा
why-delivering-cancel = अपने await पर CancelledError उठा रहा है
why-waiting = प्रतीक्षा: { $on }
why-blocked = { $what }({ $secs }): पूरा लूप जमा हुआ है
why-blocked-call = { $what } { $secs } सेकंड के लिए रोकता है: पूरा लूप जमा हुआ है
why-after-block = ब्लॉकिंग कॉल के बाद
why-job = { $task } के लिए { $job }
who-loop = लूप
ev-created-by = { $by } ने बनाया
ev-created-run = asyncio.run() ने बनाया
ev-woken-by = { $by } ने जगाया
ev-cancel-by = { $by } ने रद्द करने को कहा
ev-done = लौट आया
ev-cancelled = CancelledError के साथ ख़त्म
ev-job-start = वर्कर { $worker } पर { $job }
ev-job-end = वर्कर { $worker } ने नतीजा लौटाया
ev-job-failed = वर्कर { $worker } में अपवाद
ev-acquire-lock = लॉक लिया
ev-acquire-permit = परमिट लिया
ev-release-lock = लॉक छोड़ा
ev-release-permit = परमिट लौटाया
ev-event-set = इवेंट सेट किया
ev-deadline = पूरा न हुआ तो { $at } सेकंड पर रद्द
ev-deadline-off = टाइमआउट ब्लॉक से बाहर निकला
ev-request = { $what }({ $url }), timeout { $limit } सेकंड
ev-request-guarded = { $what }({ $url }), समय-सीमा के भीतर
ev-request-unbounded = { $what }({ $url }), कोई timeout नहीं
end-done = पूरा
end-failed = विफल
end-cancelled = रद्द
end-legend = ✓ पूरा · ✗ विफल · ⊘ रद्द
mark-label-deadline = समय-सीमा { $at } सेकंड
mark-label-cancel = { $by } ने रद्द किया
mark-label-cancel-loop = लूप ने रद्द किया
mark-label-late = { $secs } सेकंड देर से जागा
mark-label-raise = { $error } { $task } तक पहुँचा{ $still ->
    [0] {""}
    [one] ; { $still } कार्य अब भी चल रहा है
   *[other] ; { $still } कार्य अब भी चल रहे हैं
  }
short-ready = तैयार
short-sleep = नींद
short-lock = लॉक
short-semaphore = सेमाफ़ोर
short-event = इवेंट
short-join = प्रतीक्षा
short-worker = वर्कर
short-job = जॉब
short-fetch = अनुरोध
short-blocked = अवरुद्ध
lane-worker = वर्कर { $n }

## Glossary: the guide's words, and where they are on the page
glossary-title = इस पाठ के शब्द
glossary-hint = हर शब्द उसी अर्थ में जिसमें गाइड उसे इस्तेमाल करती है, और इस पेज पर वह कहाँ दिखता है।
glossary-show = देखें:
glossary-after-run = रन के बाद
place-program = प्रोग्राम
place-timeline = टाइमलाइन
place-loop = लूप पैनल
place-stepper = चरण का वाक्य
place-results = नतीजे
place-param = { $param } फ़ील्ड
term-event-loop = इवेंट लूप
term-event-loop-where = प्रोग्राम के बगल में लूप पैनल: अभी चल रहा कार्य, रेडी क्यू और टाइमर। टाइमलाइन के चक्र-अक्ष का हर कॉलम लूप का एक चक्र है।
term-coroutine = कोरआउटिन
term-coroutine-where = प्रोग्राम का हर async def। उसे कॉल करने से केवल एक कोरआउटिन बनता है; वह तभी चलता है जब उसे await किया जाए या किसी कार्य में लपेटा जाए। किसी नाम-चिप का स्टैक (main() → fetch(2)) दिखाता है कि कार्य किन कोरआउटिन के भीतर है।
term-task = कार्य
term-task-where = टाइमलाइन की एक पट्टी, और प्रोग्राम की जिस पंक्ति तक कार्य पहुँचा है, उस पर एक रंगीन चिप (Task-1, Task-2…)।
term-await = प्रतीक्षा
term-await-where = वे पंक्तियाँ जहाँ कार्य नियंत्रण वापस लूप को सौंपता है: उसकी पट्टी "चल रहा" से प्रतीक्षा में बदल जाती है, और लूप कोई दूसरा कार्य चलाता है।
term-timer = टाइमर (नींद)
term-timer-where = लूप पैनल में टाइमर: हर सोया हुआ कार्य कब जागेगा। टाइमलाइन पर बिंदीदार "सो रहा" हिस्से।
term-ready-queue = रेडी क्यू
term-ready-queue-where = लूप पैनल में रेडी क्यू: अपनी बारी की प्रतीक्षा कर रहे कार्य, क्रम से।
term-gather = gather
term-gather-where = प्रोग्राम की gather() वाली पंक्ति; जो कार्य उसे await करता है, वह लूप पैनल में "await कर रहे" के नीचे तब तक दिखता है जब तक उसके कार्य पूरे न हो जाएँ।
term-taskgroup = कार्य-समूह
term-taskgroup-where = प्रोग्राम का async with asyncio.TaskGroup() ब्लॉक; उसके कार्य टाइमलाइन पर पट्टियाँ हैं, और ✂ दिखाता है कि समूह ने उन्हें कहाँ रद्द किया।
term-cancellation = रद्दीकरण
term-cancellation-where = टाइमलाइन पर ✂; चरण का वाक्य बताता है कि कौन किस कार्य को रद्द करता है, और CancelledError किस await पर उठता है।
term-exception = अपवाद
term-exception-where = अपवाद उठाने वाली पट्टी के अंत में ✗, और जहाँ अपवाद कॉल करने वाले तक पहुँचता है वहाँ ⚡; नतीजे बताते हैं कि कॉल करने वाले को क्या मिला।
term-lock = लॉक
term-lock-where = लूप पैनल की लॉक वाली पंक्ति: लॉक किसके पास है और कौन उसकी प्रतीक्षा में है। टाइमलाइन पर "प्रतीक्षा: लॉक" वाले हिस्से।
term-race-condition = रेस कंडीशन
term-race-condition-where = लूप पैनल के नीचे के मान: काउंटर, हर कार्य का current, और अब तक खोए अपडेट; चरण का वाक्य हर खोए अपडेट को नाम से बताता है।
term-semaphore = सेमाफ़ोर
term-semaphore-where = लूप पैनल की Semaphore वाली पंक्ति: लिए गए परमिट और प्रतीक्षा कर रहे कार्य। टाइमलाइन पर "प्रतीक्षा: सेमाफ़ोर" वाले हिस्से।
term-timeout = टाइमआउट
term-timeout-where = टाइमलाइन पर ⏰, जहाँ समय-सीमा बीतती है; लूप पैनल के टाइमरों में वह समय-सीमा।
term-blocking-call = ब्लॉकिंग कॉल
term-blocking-call-where = टाइमलाइन का लाल "अवरुद्ध" हिस्सा: लूप का इकलौता थ्रेड व्यस्त है, कोई दूसरा कार्य नहीं चल सकता, और ⌛ देर से बजे टाइमर दिखाता है।
term-worker-thread = वर्कर थ्रेड
term-worker-thread-where = टाइमलाइन में नीचे वर्कर की पट्टियाँ, और लूप पैनल में "वर्कर": जॉब वहाँ चलता है, जबकि लूप खाली रहता है।

## Run ends, lanes, units
timeline-lanes = { $n ->
    [one] { $n } पट्टी
   *[other] { $n } पट्टियाँ
  }
help-title = कीबोर्ड शॉर्टकट
help-run = उदाहरण चलाएँ, या चल रहा रन रोकें
help-scenarios = कोई उदाहरण चुनें
help-step = पूरे हुए रन में एक चरण पीछे / आगे — एक बार में एक पंक्ति या घटना
help-jump-event = पंक्तियों को छोड़कर पिछली / अगली घटना पर जाएँ
help-jump-iter = इस / अगले लूप चक्र की शुरुआत पर जाएँ
help-ends = रन की पहली / आख़िरी घटना
help-help = यह सूची खोलें
help-close-key = यह सूची बंद करें
help-note = किसी फ़ील्ड में टाइप करते समय को छोड़कर, शॉर्टकट पेज पर कहीं भी काम करते हैं।
help-close = बंद करें

## पहले अनुमान: रन से पहले प्रश्न, उसके बाद निर्णय
predict-title = पहले अनुमान
predict-intro = चलाने से पहले उत्तर दें: रन हर उत्तर को जाँचता है। कोई संख्या 5 % (या 0.05) के भीतर हो तो सही मानी जाती है।
predict-check = चलाएँ और मेरे उत्तर जाँचें
predict-skip = बस चला दें
predict-choose = — चुनें —
predict-unit-secs = सेकंड
predict-unit-count = एक संख्या
predict-right = सही
predict-wrong = पूरी तरह नहीं
predict-unanswered = उत्तर नहीं दिया
predict-truth = आपने कहा { $given }; रन कहता है { $expected }।
predict-show-me = दिखाएँ
predict-show-me-label = वह चरण दिखाएँ जो इसका निर्णय करता है: इवेंट { $event }
predict-score = { $total } में से { $right } सही
predict-again = फिर से पूछें
predict-skipped = आपने बिना अनुमान के चला दिया। पहले अनुमान लगाने के लिए "फिर से पूछें" दबाएँ।
predict-nothing-answered = कोई उत्तर नहीं दिया गया, इसलिए इस रन को जाँचा नहीं गया। पहले उत्तर दें, या "बस चला दें" चुनें; अनुमान लगाने के लिए "फिर से पूछें" दबाएँ।
predict-waiting = चल रहा है… निर्णय इसके बाद आएँगे।
predict-progress-title = पाठों में आपका रास्ता
predict-progress-note = केवल इसी डिवाइस पर रखा जाता है: कुछ भी आपके ब्राउज़र से बाहर नहीं जाता।
predict-progress-clear = मेरी प्रगति मिटाएँ
predict-progress-right = सही उत्तर दिया
predict-progress-not-yet = अभी नहीं
predict-code-expected = आप जो आउटपुट अपेक्षित करते हैं, हर print की एक पंक्ति
predict-code-title = असली आउटपुट के सामने आपका अनुमान
predict-code-col-expected = आपकी अपेक्षा
predict-code-col-printed = छपा
predict-code-col-time = समय (सेकंड)
predict-code-same = वही
predict-code-differs = अलग
predict-code-score = { $total } में से { $same } पंक्तियाँ आपकी अपेक्षा जैसी
help-touch-title = छूकर प्लेग्राउंड का उपयोग
help-touch-run = पाठ चलाने के लिए ▶ चलाएँ पर टैप करें; चलते समय वही बटन ■ रोकें बन जाता है।
help-touch-scenarios = कोई पाठ खोलने के लिए ऊपर उसके बटन पर टैप करें।
help-touch-timeline = रन के बाद टाइमलाइन के किसी निशान (⏰ ✂ ⚡) पर टैप करें, उसी क्षण पर पहुँचने के लिए।
help-touch-step = रन को कदम-दर-कदम देखने के लिए टाइमलाइन के नीचे ⏮ ◀ ▶ ⏭ पर टैप करें या उसका स्लाइडर खींचें।
help-touch-swipe = प्रोग्राम पर बाईं ओर स्वाइप करें तो अगला चरण, दाईं ओर स्वाइप करें तो पिछला चरण।
help-touch-predict = पहले अनुमान: प्रश्नों के उत्तर दें, फिर चलाएँ पर टैप करके देखें कि आप सही थे या नहीं।

## लाइन-दर-लाइन ट्रेसिंग की घटनाएँ: चलाई गई पंक्ति, return, exception (teach::narrate_lines)
narr-line = { $task } पंक्ति { $line } चलाता है: { $code }
narr-return = { $to ->
    [caller] { $func }() { $value } लौटाता है { $caller }() को (पंक्ति { $line }), जो पंक्ति { $next } पर आगे चलता है।
   *[task] { $func }() { $value } लौटाता है (पंक्ति { $line }): { $task } का coroutine अपने अंत तक चल चुका है।
}
narr-exc = { $arrive } इसके बाद: { $then }
narr-exc-thrown = लूप { $task } में { $code } (पंक्ति { $line }) पर { $type } फेंकता है।
narr-exc-awaited = { $task } जिसका { $code } (पंक्ति { $line }) पर await करता है, वह वहीं { $type } उठाता है।
narr-exc-converted = { $code } (पंक्ति { $line }) से बाहर निकलना { $from } को { $type } में बदल देता है।
narr-exc-group = { $code } (पंक्ति { $line }) से बाहर निकलते समय समूह — जिसके सभी टास्क पूरे या रद्द हो चुके हैं — हर विफलता को समेटे एक { $type } उठाता है।
narr-exc-passed = { $type } उस फ़ंक्शन की पंक्ति { $line }, { $code }, तक पहुँचता है जिसने उसका await किया था।
narr-exc-raised = पंक्ति { $line } { $type } उठाती है: { $code }
narr-exc-caught = { $code } (पंक्ति { $line }) उसे पकड़ लेता है।
narr-exc-exit = वह { $code } (पंक्ति { $line }) के अंत तक पहुँचता है, जिसका exit तय करता है कि उसका क्या होगा।
narr-exc-finally = पहले finally ब्लॉक चलता है (पंक्ति { $line })।
narr-exc-handled = फ़ंक्शन पंक्ति { $line } पर आगे चलता है: { $code }
narr-exc-out = { $func }() में वह पकड़ा नहीं जाता: वह बुलाने वाले तक पहुँचता है।
narr-exc-ends-task = वह पकड़ा नहीं जाता: { $task } उसी से समाप्त होता है।
ev-line = पंक्ति चलाता है
ev-return = { $func }() { $value } लौटाता है
ev-exception = { $type }, पंक्ति { $handled } पर संभाला गया
ev-exception-out = { $type }, बाहर निकलता है

## कोर्स: गाइड के क्रम में पाठ, हर पाठ में एक चुनौती जिसे रन ख़ुद जाँचता है।
course-title = कोर्स: asyncio क़दम-दर-क़दम
course-intro = गाइड के क्रम में बारह पाठ। हर पाठ एक विचार समझाता है, आपसे अनुमान लगवाता है, उसे चलाता है, फिर एक चुनौती देता है जिसे रन ख़ुद जाँचता है। आपकी प्रगति इसी डिवाइस पर रहती है।
course-close = कोर्स बंद करें
course-reset = कोर्स फिर से शुरू करें
course-reset-done = कोर्स पहले पाठ से फिर शुरू होता है।
course-corrupt = इस डिवाइस पर सहेजी गई प्रगति पढ़ी नहीं जा सकी, इसलिए कोर्स नए सिरे से शुरू होता है।
course-lessons = पाठ
course-state-todo = शुरू नहीं हुआ
course-state-current = जारी है
course-state-done = पूरा
course-next-marker = अगला
course-stage-explain = समझें
course-stage-predict = अनुमान
course-stage-run = चलाएँ
course-stage-challenge = चुनौती
course-stages = इस पाठ के चरण
course-next-stage = आगे: { $stage }
course-next-lesson = अगला पाठ: { $title }
course-finished = आपने कोर्स के सारे पाठ पूरे कर लिए हैं।
course-predict-how = "पहले अनुमान" चालू है: Run दबाने से पहले नीचे के सवालों के जवाब दें। फिर रन बताता है कि आप सही थे या नहीं, और क्यों।
course-run-how = Run दबाएँ, फिर ← और → से रन को चरण-दर-चरण देखें: हर चरण पर विवरण बताता है कि लूप क्या करता है, और क्यों।
course-challenge-how = फ़ॉर्म में पैरामीटर बदलें, फिर Run दबाएँ: हर रन जाँचा जाता है।
course-challenge-how-program = प्रोग्राम को "मेरा कोड चलाएँ" में खोलें, उसे बदलें, फिर चलाएँ: हर रन जाँचा जाता है।
course-challenge-open-program = इस पाठ का प्रोग्राम बदलें
course-challenge-restart = चुनौती फिर से शुरू करें
course-verdict-met = चुनौती पूरी हुई।
course-verdict-missed = अभी नहीं।
course-verdict-waiting = अभी कोई रन नहीं जाँचा गया।
course-verdict-why = क्यों: { $why }
lesson-keep-the-work = यह संख्या पाठ का काम हटाकर मिली है: { $param } को { $min } या उससे ज़्यादा रखें।
lesson-deadline-is-the-timeout = टाइमआउट ख़त्म होने पर कॉलर को TimeoutError मिलता है: उसे { $want } सेकंड पर रखें।
lesson-sleep-explain = asyncio.run() एक इवेंट लूप शुरू करता है और say_hello() को उसके कार्य के रूप में चलाता है। await asyncio.sleep() पर कार्य लूप को वापस सौंप देता है और एक टाइमर लग जाता है; लूप के पास करने को कुछ और नहीं, इसलिए वह टाइमर का इंतज़ार करता है, फिर कार्य को अगली पंक्ति से आगे चलाता है।
lesson-sleep-goal = say_hello() को शुरू से अंत तक 2.5 सेकंड लगवाएँ।
lesson-sleep-showed = रन में { $secs } सेकंड लगे।
lesson-gather-explain = कोरूटीन को एक के बाद एक await करने से वे एक के बाद एक चलते हैं: एक-एक सेकंड की पाँच कॉल में पाँच सेकंड लगते हैं। उन्हें कार्यों में लपेटने (create_task, या gather) से लूप उन्हें साथ-साथ चलाता है: जब एक सोता है, बाकी चलते हैं, इसलिए पाँचों में एक सेकंड लगता है।
lesson-gather-goal = चुनौती कॉल को एक-एक करके await करने से शुरू होती है। 5 कॉल को 1.5 सेकंड से कम में पूरा करवाएँ, हर कॉल फिर भी कम से कम 1 सेकंड सोए।
lesson-gather-showed = साथ-साथ, { $tasks } कॉल में { $secs } सेकंड लगे।
lesson-gather-showed-sequential = एक के बाद एक, { $tasks } कॉल में { $secs } सेकंड लगे।
lesson-taskgroup-explain = जब एक कार्य विफल होता है, gather() उसका अपवाद तुरंत कॉलर को दे देता है और बाकी कार्यों को अनाथ छोड़कर चलने देता है। TaskGroup बाकी कार्यों को रद्द करता है, उनका इंतज़ार करता है, और हर विफलता वाला एक ExceptionGroup उठाता है; gather(return_exceptions=True) विफलताओं को परिणामों के रूप में लौटाता है।
lesson-taskgroup-goal = दो कार्य विफल होते हैं (1 और 2)। कोई कार्य चलता न छोड़ें, और main() से दोनों विफलताओं वाला ExceptionGroup पकड़वाएँ।
lesson-taskgroup-showed = main() ने { $raised } पकड़ा; उसमें { $caught ->
    [one] { $caught } विफलता थी
   *[other] { $caught } विफलताएँ थीं
}, और { $orphans ->
    [one] { $orphans } कार्य चलता रह गया
   *[other] { $orphans } कार्य चलते रह गए
}।
lesson-taskgroup-two-failures = चुनौती के लिए कम से कम दो विफल कार्य चाहिए: fail को दो सूचकांकों पर रखें, जैसे 1,2।
lesson-taskgroup-keep-a-sibling = कम से कम एक ऐसा कार्य रखें जो विफल न हो: पाठ इसी के बारे में है कि बाकी का क्या होता है।
lesson-lock-explain = एक ही थ्रेड, फिर भी होड़: हर वर्कर counter पढ़ता है, await करता है, फिर उसे वापस लिखता है। जब वह await करता है, दूसरे वर्कर वही पुराना मान पढ़ लेते हैं, इसलिए उनके अपडेट एक-दूसरे को मिटा देते हैं। asyncio.Lock पढ़ने, await और लिखने को एक ऐसा चरण बना देता है जिसमें कोई दूसरा वर्कर नहीं घुस सकता।
lesson-lock-goal = 100 वर्करों के साथ counter को 100 तक पहुँचाएँ।
lesson-lock-showed = counter { $workers } में से { $counter } तक पहुँचा।
lesson-blocking-explain = लूप एक ही थ्रेड पर चलता है। time.sleep() उस थ्रेड को पकड़े रखता है, इसलिए और कुछ नहीं चलता, हार्टबीट भी नहीं। await asyncio.sleep() लूप को वापस सौंपता है; asyncio.to_thread() किसी रुकने वाली कॉल को एक वर्कर थ्रेड (यहाँ एक Web Worker) पर भेज देता है, और लूप चलता रहता है।
lesson-blocking-goal = 2 सेकंड की कॉल चलते समय हार्टबीट को समय पर रखें (कोई अंतराल डेढ़ इंटरवल से लंबा न हो)।
lesson-blocking-showed = हार्टबीट के बीच सबसे लंबा अंतराल { $gap } सेकंड था (इंटरवल { $interval } सेकंड है)।
lesson-timeout-explain = async with asyncio.timeout(2) समय-सीमा बीतने पर अपने अंदर के कोड को रद्द करता है: जहाँ वह इंतज़ार कर रहा है उसी await पर CancelledError उठता है, उसके finally ब्लॉक चलते हैं, और कॉलर को TimeoutError मिलता है। कॉल पृष्ठभूमि में चलती नहीं रहती।
lesson-timeout-goal = चुनौती 10 सेकंड की कॉल के चारों ओर 20 सेकंड के टाइमआउट से शुरू होती है। कॉलर को 2 सेकंड बाद TimeoutError दिलवाएँ, साथ में सफ़ाई (cleanup) छपी हो।
lesson-timeout-showed = कॉलर को { $secs } सेकंड बाद TimeoutError मिला।
lesson-timeout-showed-finished = कॉल { $secs } सेकंड बाद पूरी हुई: कुछ भी टाइमआउट नहीं हुआ।
lesson-bounded-fetch-explain = असली फ़ेचर कई अनुरोध एक साथ चलाता है, पर सब नहीं: Semaphore एक बार में तय संख्या को अंदर आने देता है, हर अनुरोध का अपना टाइमआउट है, एक TaskGroup सबका मालिक है, और हर अनुरोध अपनी त्रुटि डेटा के रूप में लौटाता है ताकि एक विफलता बाकी को रद्द न करे।
lesson-bounded-fetch-goal = फ़ेचर को एक बार में 3 अनुरोधों तक सीमित करें, और फिर भी सभी 50 URL लाएँ।
lesson-bounded-fetch-showed = एक साथ अधिकतम { $in_flight } अनुरोध चले; { $urls } में से { $ok } लाए गए, { $secs } सेकंड में।
lesson-fetch-cap-three = एक बार में 3 से कम ज़रूरत से ज़्यादा धीमा है: सीमा Semaphore(3) है, एक साथ तीन।
lesson-fetch-all = हर URL नहीं लाया गया: विफलता दर 0 रखें और अनुरोध का टाइमआउट लेटेंसी से लंबा रखें।
lesson-mistakes-forgot_await-explain = कोरूटीन फ़ंक्शन को बुलाने से वह चलता नहीं: fetch(1) बस एक कोरूटीन ऑब्जेक्ट बनाता है। await (या create_task) के बिना उसका शरीर कभी नहीं चलता, और Python चेतावनी देता है कि कोरूटीन को कभी await नहीं किया गया।
lesson-mistakes-forgot_await-goal = प्रोग्राम बदलें ताकि fetch(1) भी चले: उसकी पंक्ति "fetch 1 running" छपनी चाहिए, और कोई कोरूटीन बिना await के न छूटे।
lesson-mistakes-forgot_await-showed-ran = fetch() ने "fetch 1 running" छापा: fetch(1) चला।
lesson-mistakes-forgot_await-showed-not-run = fetch(1) कभी नहीं चला: fetch() ने "fetch 1 running" नहीं छापा।
lesson-mistakes-dangling_task-explain = लूप किसी कार्य का केवल कमज़ोर संदर्भ रखता है। जिस कार्य को न कोई रखता है न कोई await करता है, वह गायब हो सकता है, और main() के लौटने पर asyncio.run() जो कुछ बाकी है उसे रद्द कर देता है। संदर्भ रखें, और कार्य को await करें।
lesson-mistakes-dangling_task-goal = प्रोग्राम बदलें ताकि bad कार्य भी सहेजे: save() को "bad: saved at" छापना चाहिए।
lesson-mistakes-dangling_task-showed-saved = save() ने "bad: saved at" छापा: कार्य अपने अंत तक चला।
lesson-mistakes-dangling_task-showed-lost = bad कार्य ने कभी नहीं सहेजा।
lesson-mistakes-blocking_driver-explain = रुकने वाला ड्राइवर (जैसे psycopg2 या requests) इंतज़ार करते समय लूप का थ्रेड पकड़े रखता है, इसलिए अनुरोध एक के बाद एक चलते हैं। async ड्राइवर इस्तेमाल करें, या हर रुकने वाली कॉल को asyncio.to_thread() से एक थ्रेड को सौंप दें।
lesson-mistakes-blocking_driver-goal = blocking_query() को जैसा है वैसा रखें, और 4 BAD अनुरोधों में 4 नहीं, लगभग 1 सेकंड लगवाएँ।
lesson-mistakes-blocking_driver-showed = 4 BAD अनुरोधों में { $secs } सेकंड लगे; { $offloaded } blocking_query() कॉल वर्कर थ्रेड पर गईं।
lesson-mistakes-blocking_driver-showed-none = प्रोग्राम ने "BAD: took" नहीं छापा।
lesson-keep-blocking-query = blocking_query() और उसका time.sleep(1) रखें: हर कॉल को await asyncio.to_thread(blocking_query, n) से एक थ्रेड को सौंपें।
lesson-mistakes-no_timeout-explain = जो सर्वर कभी जवाब नहीं देता, उसकी कॉल हमेशा इंतज़ार करती है, जब तक कोई समय-सीमा न लगाए। नेटवर्क कॉल को asyncio.timeout() में लपेटें (या क्लाइंट को टाइमआउट दें): कॉलर को TimeoutError मिलता है और वह आगे बढ़ सकता है।
lesson-mistakes-no_timeout-goal = सर्वर 30 सेकंड तक अटका रहता है। good कॉल को 1 सेकंड बाद हार मनवाएँ।
lesson-mistakes-no_timeout-showed = good कॉल ने { $secs } सेकंड बाद TimeoutError उठाया, जबकि bad कॉल { $waited } सेकंड इंतज़ार करती रही।
lesson-mistakes-no_timeout-showed-answered = सर्वर ने टाइमआउट से पहले, { $secs } सेकंड बाद जवाब दिया।
lesson-mistakes-cpu_bound-explain = लूप पर गणना करना उसे time.sleep() की तरह ही पकड़े रखता है: न कोई await, न कोई दूसरा कार्य। CPU-भारी काम प्रोसेस पूल (या यहाँ Web Workers) में होना चाहिए, जहाँ काम कई कोर पर समानांतर चलते हैं।
lesson-mistakes-cpu_bound-goal = चुनौती 2 कोर पर 8 कामों से शुरू होती है। 8 कामों के साथ समानांतर संस्करण को लूप वाले से कम से कम 4 गुना तेज़ बनाएँ।
lesson-mistakes-cpu_bound-showed = लूप पर: { $loop } सेकंड; समानांतर: { $parallel } सेकंड ({ $speedup } गुना तेज़)।
lesson-cpu-cores = केवल { $cores } कोर साथ-साथ काम करते हैं: गति-वृद्धि अधिक से अधिक कोर की संख्या जितनी होती है।

## The program panel and the embed snippet (teaching views)
python-title = Python प्रोग्राम
python-copy = कॉपी करें
python-copied = कॉपी हो गया ✓
python-source = Python सोर्स कोड
python-invalid = हर पैरामीटर सही होने पर प्रोग्राम यहाँ दिखेगा।
python-hint = python3 ≥ 3.11 में यह जैसा है वैसा चलता है; प्लेग्राउंड का रन इसी प्रोग्राम के लिए CPython के asyncio से पंक्ति-दर-पंक्ति जाँचा जाता है। मौजूदा चरण पर हर कार्य की पंक्ति पर उसका नाम लगा होता है; चल रहे कार्य की पंक्ति सबसे गहरे रंग में होती है। किसी नाम पर पॉइंटर रखें या फ़ोकस करें, तो उसका await स्टैक दिखेगा।
embed-title = एम्बेड
embed-show = इसे एम्बेड करें…
embed-hide = छिपाएँ
embed-hint = यह उदाहरण, इन्हीं पैरामीटर के साथ, अपने दस्तावेज़ में लगाएँ: iframe के रूप में, या एक script टैग से (एक पेज पर कई भी, जो स्क्रॉल करके सामने आने पर लोड होते हैं)। संदेशों के API के लिए README देखें।
embed-script = ड्रॉप-इन script
embed-copy-iframe = iframe कॉपी करें
embed-copy-script = script कॉपी करें
embed-copied = कॉपी हो गया ✓
embed-origin = आपकी साइट का origin
embed-origin-help = (वह पेज जिसमें आप iframe लगाते हैं: संदेश भेजकर केवल वही प्लेग्राउंड चला सकता है)
