# Hindi (हिन्दी). Every message of en.ftl, written for a student learning asyncio.
# Python code, API names, parameter keys and task names stay as they are. Numbers arrive
# already written (Latin digits, "." decimals). Plural categories of hi: one (0 and 1), other;
# an exact [0] variant comes first where nought reads differently.
# Terms as in the Hindi guide: इवेंट लूप, कोरआउटिन, कार्य (task), प्रतीक्षा (await),
# समवर्ती, अनुक्रमिक, टाइमआउट, रद्द / रद्दीकरण, अपवाद, अनाथ कार्य, सहोदर कार्य, लॉक, थ्रेड.

## sleep

sleep-title = इवेंट लूप और asyncio.sleep
sleep-summary = asyncio.run() एक इवेंट लूप बनाता है और say_hello() को उसके पहले कार्य के रूप में चलाता है। await asyncio.sleep({ $delay }) पर कार्य नियंत्रण वापस लूप को सौंप देता है; जब तक { $delay } सेकंड का टाइमर नहीं बजता, लूप के पास करने को कुछ नहीं होता। फिर कार्य await के ठीक बाद वाली पंक्ति से आगे चलता है।
sleep-delay = नींद
sleep-delay-help = say_hello() अपने दोनों print के बीच कितनी देर सोता है।

## gather

gather-title = कोरआउटिन बनाम कार्य: एक-एक करके await बनाम gather
gather-summary = fetch() को एक के बाद एक await करने पर सारी प्रतीक्षाएँ जुड़ जाती हैं: { $tasks ->
    [one] { $delay } सेकंड की { $tasks } नींद में { $total } सेकंड लगते हैं।
   *[other] { $delay } सेकंड की { $tasks } नींदों में { $total } सेकंड लगते हैं।
  } अगर पहले उन्हें कार्यों में लपेट दें, तो सब एक साथ शेड्यूल हो जाते हैं: वे साथ-साथ सोते हैं और gather() लगभग { $delay } सेकंड बाद लौट आता है।
gather-tasks = कॉल
gather-tasks-help = fetch() को कितनी बार कॉल करना है।
gather-delay = हर कॉल की नींद
gather-delay-help = हर fetch() कितनी देर सोता है।
gather-mode = कौन-सा संस्करण
gather-mode-help = कौन-सा संस्करण चलाना है: एक-एक करके await, कार्य + gather, या दोनों बारी-बारी से।
gather-mode-both = दोनों
gather-mode-sequential = अनुक्रमिक
gather-mode-concurrent = समवर्ती
gather-eager = कार्य तुरंत शुरू करें
gather-eager-help = हर कार्य का पहला चरण create_task के भीतर ही, उसके पहले await तक चलता है (3.14: create_task(…, eager_start=True); 3.12 और 3.13: लूप का eager_task_factory)। Python 3.11 में यह सुविधा नहीं है।
error-eager-needs-3-12 = eager के लिए Python 3.12 या नया चाहिए: { $python } में तुरंत शुरुआत नहीं है (python={ $python } के साथ "true" मिला)

## lock

lock-title = एक ही थ्रेड पर रेस कंडीशन, और asyncio.Lock
lock-summary-unlocked = { $workers } increment() कार्यों में से हर एक काउंटर पढ़ता है, await करता है, फिर पढ़ा हुआ मान + 1 लिखता है। लॉक के बिना सभी कार्य काउंटर को तब पढ़ लेते हैं जब किसी ने उसे वापस लिखा भी नहीं होता, इसलिए अपडेट खो जाते हैं — एक ही थ्रेड पर, बिना किसी समानांतरता के।
lock-summary-locked = { $workers } increment() कार्यों में से हर एक काउंटर पढ़ता है, await करता है, फिर पढ़ा हुआ मान + 1 लिखता है। async with lock: के साथ पढ़ने-await-लिखने वाला हिस्सा एक समय में एक ही कार्य चलाता है, इसलिए गिनती बिलकुल सही रहती है — कीमत यह कि ये हिस्से एक के बाद एक चलते हैं।
lock-workers = कार्य
lock-workers-help = कितने increment() कॉल एक साथ चलते हैं।
lock-hold = पढ़ने और लिखने के बीच await
lock-hold-help = हर increment पढ़ने और लिखने के बीच कितनी देर await करता है; 0 का मतलब asyncio.sleep(0), यानी लूप का एक चक्र।
lock-use_lock = लॉक लगाएँ
lock-use_lock-help = पढ़ने-await-लिखने वाले हिस्से को async with lock: में लपेटें।

## taskgroup

taskgroup-title = कोई कार्य विफल हो तो: gather() बनाम TaskGroup
taskgroup-summary-gather = { $tasks } risky() कार्य शुरू होते हैं; { $failing ->
    [one] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाता है।
   *[other] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाते हैं।
  } सादे gather() में पहली विफलता तुरंत कॉल करने वाले तक पहुँच जाती है, जबकि बाकी कार्य चलते रहते हैं: ऐसे अनाथ कार्य जिनकी कोई प्रतीक्षा नहीं करता, और जिनकी बाद की त्रुटियाँ खो जाती हैं।
taskgroup-summary-return_exceptions = { $tasks } risky() कार्य शुरू होते हैं; { $failing ->
    [one] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाता है।
   *[other] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाते हैं।
  } gather(return_exceptions=True) के साथ कुछ भी उठाया नहीं जाता: सभी कार्य पूरे होने पर हर नतीजा, विफलताएँ भी, एक मान के रूप में लौटता है।
taskgroup-summary-taskgroup = { $tasks } risky() कार्य एक TaskGroup में शुरू होते हैं; { $failing ->
    [one] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाता है।
   *[other] { $failing } कार्य { $fail_after } सेकंड बाद ValueError उठाते हैं।
  } जैसे ही कोई कार्य विफल होता है, समूह उसके सहोदर कार्यों को रद्द कर देता है, उनके ख़त्म होने की प्रतीक्षा करता है, और हर विफलता समेटे एक ExceptionGroup उठाता है — कोई अनाथ कार्य नहीं बचता।
taskgroup-summary-taskgroup-eager-abort = { $tasks } risky() कार्य एक TaskGroup में तुरंत शुरू होते हैं, और risky({ $first }) अपने पहले ही चरण में — अपने ही create_task के भीतर — ValueError उठाता है। Python { $python } का TaskGroup उस पूरे हो चुके कार्य को तुरंत निपटाता है: वह पहले से बने कार्यों और main को रद्द करता है, और अगला create_task RuntimeError उठाता है (समूह बंद हो रहा है)। except* ValueError केवल ValueError पकड़ता है, इसलिए main उस RuntimeError के साथ विफल होता है। Python 3.14 यह विफलता लूप के अगले चक्कर में देखता है, जब सारे कार्य बन चुके होते हैं।
taskgroup-tasks = कार्य
taskgroup-tasks-help = कितने risky(n) कार्य शुरू करने हैं (n = 0, 1, …)।
taskgroup-delay = हर कार्य की नींद
taskgroup-delay-help = जो कार्य विफल नहीं होता, वह n लौटाने से पहले कितनी देर सोता है।
taskgroup-fail = विफल होने वाले कार्य
taskgroup-fail-help = कौन-से कार्य ValueError("boom at n") उठाते हैं: कार्यों की संख्या से छोटे क्रमांक, कॉमा से अलग।
taskgroup-fail_after = विफल कार्य कब उठाते हैं
taskgroup-fail_after-help = विफल होने वाले कार्य अपवाद उठाने से पहले कितनी देर सोते हैं; 0 पर वे अपने पहले ही चरण में उठाते हैं, जैसा गाइड में है।
taskgroup-mode = प्रतीक्षा का तरीका
taskgroup-mode-help = main() कार्यों की प्रतीक्षा कैसे करता है।
taskgroup-mode-gather = gather()
taskgroup-mode-gather_return_exceptions = gather(return_exceptions=True)
taskgroup-mode-taskgroup = TaskGroup
taskgroup-eager = कार्य तुरंत शुरू करें
taskgroup-eager-help = हर कार्य का पहला चरण create_task के भीतर ही, उसके पहले await तक चलता है (3.14: create_task(…, eager_start=True), tg.create_task में भी; 3.12 और 3.13: लूप का eager_task_factory)। जो कार्य अपने पहले await से पहले ही विफल हो जाए, वह create_task के लौटने तक पूरा हो चुका होता है: 3.12 और 3.13 में TaskGroup वहीं रुक जाता है और उसका अगला create_task RuntimeError उठाता है; 3.14 लूप के अगले चक्कर तक रुकता है। Python 3.11 में यह सुविधा नहीं है।

## timeout

timeout-title = टाइमआउट और रद्दीकरण: asyncio.timeout()
timeout-summary-timeout = slow_call() async with asyncio.timeout({ $timeout }) के भीतर { $duration } सेकंड सोता है। समय-सीमा बीतते ही asyncio उसे रद्द करता है: वह जिस await पर अटका है, वहीं CancelledError उठाकर। उसका finally ब्लॉक फिर भी चलता है — कनेक्शन और फ़ाइलें वहीं बंद होती हैं — और उसके बाद ही कॉल करने वाले को TimeoutError मिलता है।
timeout-summary-wait_for-3-11 = slow_call() asyncio.wait_for(…, timeout={ $timeout }) के भीतर { $duration } सेकंड सोता है। Python 3.11 में wait_for कॉल को एक अलग कार्य के रूप में चलाता है; समय-सीमा बीतने पर वह उस कार्य को उसके await पर रद्द करता है, उसके finally ब्लॉक की प्रतीक्षा करता है, और TimeoutError उठाता है। टाइमआउट 0 हो तो कार्य शुरू होने से पहले ही रद्द हो जाता है।
timeout-timeout = टाइमआउट
timeout-timeout-help = asyncio.timeout() या wait_for() को दी गई समय-सीमा।
timeout-duration = slow_call() का समय
timeout-duration-help = कोई रुकावट न आए तो slow_call() कितनी देर सोता है।
timeout-api = किससे सीमित करें
timeout-api-help = async with asyncio.timeout(…) (3.11+), या पुराना await asyncio.wait_for(…, timeout=…)।
timeout-api-timeout = asyncio.timeout()
timeout-api-wait_for = asyncio.wait_for()

## blocking

blocking-title = ब्लॉकिंग कॉल का जाल: time.sleep() बनाम asyncio.sleep() बनाम to_thread()
blocking-summary-blocking = heartbeat() कार्य को हर { $interval } सेकंड पर print करना चाहिए, जबकि main() { $block } सेकंड प्रतीक्षा करता है। async कोड के भीतर time.sleep() लूप के इकलौते थ्रेड को रोक देता है: उसके लौटने तक कोई धड़कन नहीं चल सकती, इसलिए दो धड़कनों के बीच का अंतर पूरे { $block } सेकंड का हो जाता है। असली घड़ी पर इस बीच पेज भी जम जाता है।
blocking-summary-sleep = heartbeat() कार्य हर { $interval } सेकंड पर print करता है, जबकि main() { $block } सेकंड प्रतीक्षा करता है। await asyncio.sleep() लूप को वापस छोड़ देता है, इसलिए धड़कनें समय पर आती रहती हैं।
blocking-summary-to_thread = heartbeat() कार्य हर { $interval } सेकंड पर print करता है, जबकि main() { $block } सेकंड प्रतीक्षा करता है। await asyncio.to_thread(time.sleep, …) ब्लॉकिंग कॉल को दूसरे थ्रेड में चलाता है — यहाँ एक Web Worker, सचमुच का दूसरा थ्रेड — इसलिए लूप खाली रहता है और धड़कनें समय पर आती हैं। Python के थ्रेड के विपरीत, वर्कर को रोका जा सकता है: "रोकें" उसे काम के बीच में ही ख़त्म कर देता है।
blocking-heartbeats = धड़कनें
blocking-heartbeats-help = heartbeat() कार्य कितनी धड़कनें print करता है।
blocking-interval = धड़कनों का अंतराल
blocking-interval-help = heartbeat() कार्य दो धड़कनों के बीच कितनी देर सोता है।
blocking-block = main() की प्रतीक्षा
blocking-block-help = main() कितनी देर सोता है (ब्लॉक करके या बिना ब्लॉक किए)।
blocking-mode = main() किससे प्रतीक्षा करे
blocking-mode-help = लूप पर time.sleep(), await asyncio.sleep(), या await asyncio.to_thread(time.sleep, …)।
blocking-mode-blocking = time.sleep() (ब्लॉक करता है)
blocking-mode-sleep = await asyncio.sleep()
blocking-mode-to_thread = await asyncio.to_thread()

## bounded-fetch

bounded-fetch-title = असली दुनिया का फ़ेचर: Semaphore, हर अनुरोध का टाइमआउट, TaskGroup
bounded-fetch-summary = सभी { $urls } fetch_one() कार्य एक साथ शुरू होते हैं, लेकिन Semaphore एक समय में उनमें से केवल { $max } को अनुरोध भेजने देता है; बाकी कतार में रुकते हैं, इसलिए रन में { $latency } सेकंड के लगभग { $rounds } दौर लगते हैं ({ $ideal } सेकंड)। जो अनुरोध अपने { $timeout } सेकंड के टाइमआउट से धीमा हो, या जिसका कनेक्शन विफल हो, वह fetch_one() के भीतर ही पकड़ा जाता है और डेटा के रूप में लौटाया जाता है, इसलिए एक ख़राब URL बाकी अनुरोधों को कभी रद्द नहीं करता।
bounded-fetch-urls = URL की संख्या
bounded-fetch-urls-help = कितने URL लाने हैं।
bounded-fetch-max_concurrent = Semaphore
bounded-fetch-max_concurrent-help = एक साथ अधिक से अधिक इतने अनुरोध चल सकते हैं (Semaphore का मान)।
bounded-fetch-latency = विलंब
bounded-fetch-latency-help = नकली सर्वर किसी अनुरोध का जवाब देने में कितना समय लेता है।
bounded-fetch-jitter = विलंब में उतार-चढ़ाव
bounded-fetch-jitter-help = हर विलंब ± इतना तक बदल सकता है (seed से तय, कभी 0 से कम नहीं)।
bounded-fetch-request_timeout = हर अनुरोध का टाइमआउट
bounded-fetch-request_timeout-help = हर अनुरोध के चारों ओर लगा asyncio.timeout()।
bounded-fetch-fail_rate = विफलता दर
bounded-fetch-fail_rate-help = ऐसे अनुरोधों का हिस्सा जिनका कनेक्शन विफल होता है (0 से 1, seed से तय)।
bounded-fetch-seed = बीज (seed)
bounded-fetch-seed-help = यादृच्छिक उतार-चढ़ाव और विफलताओं का बीज: एक ही बीज से हर बार एक ही रन मिलता है।
bounded-fetch-targets = असली URL (वैकल्पिक)
bounded-fetch-targets-help = स्पेस या कॉमा से अलग किए गए http(s) URL। असली घड़ी पर इन्हें सचमुच लाया जाता है (URL बारी-बारी से दोहराए जाते हैं); CORS का इनकार और नेटवर्क की विफलताएँ त्रुटि बनकर, डेटा के रूप में लौटती हैं। ख़ाली हो तो: पेज का नकली API। आभासी घड़ी पर हमेशा नकल ही होती है।

## mistakes

mistakes-title = आम गलतियाँ, और उनके सुधार
mistakes-summary-forgot_await = किसी कोरआउटिन फ़ंक्शन को await के बिना कॉल करने से केवल एक कोरआउटिन ऑब्जेक्ट बनता है: fetch(1) का कोड कभी नहीं चलता, और Python चेतावनी देता है कि उसे कभी await नहीं किया गया। सुधार: await fetch(2) (या उसे asyncio.create_task में लपेटकर उस कार्य को await करें)।
mistakes-summary-dangling_task = जिस कार्य को न कोई सँभालकर रखता है, न await करता है, वह दो तरह से खो सकता है। इवेंट लूप कार्य को केवल एक कमज़ोर (weak) संदर्भ से पकड़ता है, इसलिए जो कार्य किसी ऐसी चीज़ की प्रतीक्षा कर रहा हो जिसे और कोई नहीं पकड़े है, वह रन के बीच में ही garbage collector द्वारा हटाया जा सकता है और कभी पूरा नहीं होता (तब CPython "Task was destroyed but it is pending!" लिखता है); यह होगा या नहीं, और कब, यह इस पर निर्भर है कि garbage collector कब चलता है, इसलिए प्रोग्राम महीनों ठीक चलकर फिर कोई कार्य खो सकता है (gc.collect() इसे तुरंत करवा देता है)। और main() के लौटने पर जो कुछ भी अधूरा है, asyncio.run() उसे रद्द कर देता है: यहाँ save('bad') के साथ यही होता है, वह कभी सहेज नहीं पाता। दोनों का एक ही सुधार: हर कार्य का संदर्भ रखें (एक set में, जैसे GOOD वाला हिस्सा करता है) और उसकी प्रतीक्षा करें।
mistakes-summary-blocking_driver = { $jobs } अनुरोध, हर एक में { $work } सेकंड की क्वेरी। ब्लॉकिंग डेटाबेस ड्राइवर हर कार्य के लिए लूप को जमा देता है, इसलिए क्वेरी एक के बाद एक चलती हैं; async ड्राइवर (या asyncio.to_thread) उन्हें साथ-साथ प्रतीक्षा करने देता है।
mistakes-summary-no_timeout = एक सर्वर कनेक्शन स्वीकार कर लेता है और कभी जवाब नहीं देता। बिना टाइमआउट वाला हैंडलर { $hang } सेकंड बाद प्रोग्राम ख़त्म होने तक प्रतीक्षा ही करता रहता है; asyncio.timeout({ $timeout }) के भीतर वाले हैंडलर को TimeoutError मिलता है और वह त्रुटि वाला जवाब दे सकता है।
mistakes-summary-cpu_bound = { $jobs } CPU-बाउंड जॉब, हर एक { $work } सेकंड का। इवेंट लूप पर वे एक के बाद एक चलते हैं और पूरे समय लूप को जमाए रखते हैं; { $cores } कोर पर वे साथ-साथ चलते हैं — Python में ProcessPoolExecutor पर (थ्रेड GIL साझा करते हैं), ब्राउज़र में Web Workers पर, जो सचमुच के थ्रेड हैं।
mistakes-variant = गलती
mistakes-variant-help = कौन-सी गलती चलानी है, उसके सुधार के साथ।
mistakes-variant-forgot_await = कोरआउटिन को await करना भूल जाना
mistakes-variant-dangling_task = ऐसा कार्य जिसे न कोई रखता है, न await करता है
mistakes-variant-blocking_driver = async कोड में ब्लॉकिंग ड्राइवर
mistakes-variant-no_timeout = नेटवर्क कॉल पर कोई टाइमआउट नहीं
mistakes-variant-cpu_bound = लूप पर CPU-बाउंड काम
mistakes-work = हर कॉल का समय
mistakes-work-help = एक कॉल में कितना समय लगता है: fetch() और save() इतनी देर सोते हैं, एक क्वेरी या एक CPU जॉब (एक कोर पर) इतना समय लेता है।
mistakes-jobs = कॉल
mistakes-jobs-help = कितने एक साथ आए अनुरोध (हर एक में एक क्वेरी), या कितने CPU-बाउंड जॉब।
mistakes-cores = कोर
mistakes-cores-help = वर्कर प्रोसेस (हर कोर पर एक) जो CPU-बाउंड जॉब समानांतर चलाते हैं।
mistakes-timeout = टाइमआउट
mistakes-timeout-help = सही हैंडलर का asyncio.timeout()।
mistakes-hang = कितनी देर देखें
mistakes-hang-help = प्रोग्राम ख़त्म होने से पहले main() कितनी देर प्रतीक्षा करता है (रन की सीमा)।

## The Python program

output-title = अब तक का आउटपुट
values-title = मान
values-written-by = लिखने वाला:
values-lost = अब तक खोए अपडेट

## Results

results-title = नतीजे
results-running = चल रहा है…
results-idle = इवेंट लूप क्या करता है, यह देखने के लिए "चलाएँ" दबाएँ।

## Controls

controls-run = चलाएँ
controls-run-again = फिर चलाएँ
code-run = मेरा कोड चलाएँ
controls-stop = रोकें
controls-fix-values = चलाने के लिए चिह्नित मान ठीक करें।
controls-fix-scale = चलाने के लिए समय-पैमाना ठीक करें।
controls-clock = घड़ी
controls-virtual = आभासी
controls-virtual-help = (तुरंत, हर बार एक जैसा)
controls-real = असली
controls-real-help = (ब्राउज़र के टाइमर)
controls-scale = समय-पैमाना
controls-scale-unit = (हर गाइड-सेकंड के असली सेकंड)
controls-scale-help = 1 गाइड-सेकंड असली घड़ी पर इतनी देर चलता है; { $lo } से { $hi } तक।
controls-compare = तुलना करें: { $a } ↔ { $b }
controls-api-sw = अनुरोध असली fetch() कॉल हैं, जिनका जवाब पेज का नकली API (एक service worker) माँगे गए विलंब के बाद देता है।
controls-api-inline = यहाँ कोई service worker नहीं है (file:// या पुराना ब्राउज़र): नकली API का विलंब fetch() के बजाय पेज के भीतर ही बनाया जाता है।
controls-api-starting = नकली API शुरू हो रहा है…

## Form, picker, events, export, embed

form-title = पैरामीटर
form-reset = गाइड के मानों पर लौटें
form-slider = { $label }: स्लाइडर
form-help = { $help } मान्य: { $allowed }।
picker-title = उदाहरण

## The page

app-title = asyncio प्लेग्राउंड
app-tagline = Python का इवेंट लूप, आपके ब्राउज़र में: कोई संख्या बदलें, "चलाएँ" दबाएँ, फिर चरण-दर-चरण देखें कि लूप ने क्या किया और क्यों।
lang-switch = भाषा
course-open = कोर्स
embed-open-full = पूरा प्लेग्राउंड खोलें ↗

## Parameter values and what they allow (names and ranges stay as they are)

text = { $text }
unit-none = {""}
unit-seconds = {" "}सेकंड
allowed-int = { $min } से { $max }{ $unit } तक की पूर्ण संख्या
allowed-number = { $min } से { $max }{ $unit } तक की संख्या
allowed-bool = true या false
allowed-choice = इनमें से एक: { $options }
allowed-list = { $min } से { $max } तक की पूर्ण संख्याएँ, कॉमा से अलग, हर एक अधिकतम एक बार
allowed-text = अधिकतम { $max } अक्षरों का टेक्स्ट
param-error = { $param } का मान { $allowed } होना चाहिए (मिला: "{ $got }")
param-error-long = { $param } का मान { $allowed } होना चाहिए
param-unknown = अनजाना पैरामीटर "{ $param }" (इस उदाहरण के पैरामीटर: { $known })
param-undeclared = उदाहरण { $param } को { $kind } के रूप में पढ़ता है, पर उसकी पैरामीटर-सूची में यह घोषित नहीं है
taskgroup-error-fail = fail में 0 से { $max } तक के कार्य-क्रमांक होने चाहिए ({ $tasks } कार्य हैं) (मिला: "{ $got }")
bounded-fetch-error-targets = targets में स्पेस या कॉमा से अलग http:// या https:// URL होने चाहिए (मिला: "{ $got }")
unit-scale = {" "}असली सेकंड प्रति गाइड-सेकंड
allowed-flag = 1 या 0 (true या false)
allowed-origins = कॉमा से अलग origin, जैसे https://docs.example
allowed-program = UTF-8 टेक्स्ट का base64url (RFC 4648 §5, बिना padding), अधिकतम { $max } अक्षर
param-missing = { $param } नहीं दिया गया; इसका मान { $allowed } होना चाहिए
param-twice = { $param } दो बार दिया गया है
keys-too-many = बहुत अधिक key: { $n } दी गईं, अधिकतम { $max } की अनुमति है
notice-keys-too-many = URL में { $n } key हैं, जबकि एक URL में अधिकतम { $max } हो सकती हैं: केवल पहली { $max } पढ़ी गईं
notice-code-not-run = autorun=1 का पालन नहीं किया गया: code= का प्रोग्राम पढ़ा नहीं जा सका (ऊपर देखें), इसलिए कुछ नहीं चलेगा
notice-unknown-scenario = अनजाना उदाहरण "{ $scenario }"; उसकी जगह { $shown } दिखाया जा रहा है
notice-unknown-param = URL के अनजाने पैरामीटर "{ $param }" को छोड़ दिया गया
notice-step-beyond = URL में step={ $step }: इस रन में { $steps } चरण हैं, इसलिए इसे उसके अंत पर दिखाया गया है
yes = हाँ
no = नहीं
form-unit-seconds = (सेकंड)

## Run bar, shortcuts, skip link

controls-title = रन
skip-to-run = रन-पट्टी पर जाएँ
skip-to-results = नतीजों पर जाएँ

## Python versions, the real clock's limits, real URLs

timeout-summary-wait_for = slow_call() asyncio.wait_for(…, timeout={ $timeout }) के भीतर { $duration } सेकंड सोता है। Python 3.12 से wait_for अंदर से asyncio.timeout ही है: slow_call() main() के अपने कार्य में चलता है, जिसे समय-सीमा उसके await पर रद्द करती है; उसका finally ब्लॉक चलता है, फिर main() को TimeoutError मिलता है। टाइमआउट 0 हो तो वह फिर भी एक अलग कार्य बनता है, जो शुरू होने से पहले ही रद्द हो जाता है।
python-version = Python संस्करण
python-version-help = रन किस Python के asyncio का पालन करे — उसी CPython से जाँचा हुआ। 3.12 से wait_for अपना काम नए कार्य की जगह बुलाने वाले कार्य में चलाता है, और gather पहले से पूरे हो चुके बच्चों को तुरंत निपटा देता है; 3.13 बदलता है कि TaskGroup, uncancel() और Semaphore रद्दीकरण और अनुमतियाँ कैसे आगे सौंपते हैं।
python-version-3-11 = 3.11
python-version-3-12 = 3.12
python-version-3-13 = 3.13
python-version-3-14 = 3.14 (नवीनतम)
python-semantics = Python { $version } वाला asyncio: दिखाया गया हर चरण CPython { $version } से जाँचा गया है।
controls-fix-real = चलाने के लिए चिह्नित मान बदलें, या वर्चुअल घड़ी चुनें।
controls-freeze-warning = यह रन पेज को एक बार में { $secs } सेकंड तक जमा देता है: time.sleep() और CPU-बाध्य काम पेज का इकलौता थ्रेड पकड़े रहते हैं, इसलिए उनके लौटने तक कुछ भी — Stop भी — जवाब नहीं देता।
real-clock-freeze = { $product } असली घड़ी पर अधिकतम { $limit } सेकंड वास्तविक समय हो सकता है ({ $given }, scale={ $scale } → { $wall } सेकंड); { $names } या scale घटाएँ, या वर्चुअल घड़ी चुनें
target-refused = targets में "{ $url }" नहीं हो सकता: { $why }
target-not-http = यह http:// या https:// URL नहीं है
target-own-site = यह प्लेग्राउंड की अपनी साइट है ({ $origin })
target-private = { $host } एक निजी या loopback पता है
notice-needs-click = यह रन असली URL (targets) लाता है: यह तभी शुरू होता है जब आप Run दबाते हैं
notice-no-scenario = URL में कोई परिदृश्य (scenario=…) नहीं है; उसके पैरामीटर { $shown } के अनुसार जाँचे गए

## Your own program ("Run my code"): the way in; the rest is in own-code/hi.ftl

code-edit = यह प्रोग्राम बदलें और चलाएँ
code-edit-help = प्रोग्राम बदलें और उसे अपने ब्राउज़र में असली CPython पर चलाएँ।

## किसी रन के बारे में पेज क्या कहता है, शब्दों में (teach::present)
pick-sleep = इवेंट लूप
pick-gather = एक साथ कई कार्य
pick-taskgroup = जब कोई कार्य विफल हो
pick-lock = साझा डेटा और लॉक
pick-blocking = ब्लॉक करने वाली कॉल
pick-timeout = टाइमआउट
pick-bounded-fetch = बहुत-से अनुरोध
pick-mistakes = आम गलतियाँ
pick-other = कोई और पाठ
compare-gather-a = एक के बाद एक
compare-gather-b = एक साथ
compare-lock-a = लॉक के बिना
compare-lock-b = लॉक के साथ
compare-taskgroup-a = gather(): बाकी चलते रहें
compare-taskgroup-b = TaskGroup: बाकी रद्द
compare-blocking-a = लूप पर सोना
compare-blocking-b = वर्कर थ्रेड में सोना
compare-timeout-a = asyncio.timeout() के साथ
compare-timeout-b = asyncio.wait_for() के साथ
compare-fetch = { $n ->
    [one] एक बार में एक अनुरोध
   *[other] एक बार में { $n } अनुरोध
  }
help-button = सहायता
embed-more = और: व्याख्या, सारे पैरामीटर और प्रोग्राम
embed-less = कम

## Parts of the page loaded on first use (src/ui/lazy)

lazy-loading = लोड हो रहा है…
lazy-failed = प्लेग्राउंड का यह हिस्सा लोड नहीं हो सका (कनेक्शन नहीं है, या यह पेज खुलने के बाद साइट अपडेट हुई है)। फिर से कोशिश करें, या पेज दोबारा लोड करें।
lazy-retry = फिर से कोशिश करें
predict-switch = पहले अनुमान
predict-switch-help = रन से पहले परिदृश्य के प्रश्नों के उत्तर दें; Run उन्हें जाँचता है।
predict-summary-later = पाठ का सारांश रन के बाद दिखेगा, ताकि वह आपके उत्तर पहले से न बता दे।
