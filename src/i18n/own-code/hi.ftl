# Run my code (हिन्दी): ये संदेश केवल एडिटर वाले बंडल (own-code feature) में हैं।

code-title = आपका अपना प्रोग्राम
code-summary = आपका प्रोग्राम इसी पेज में असली CPython पर चलता है (Pyodide, एक Web Worker में), ऐसे इवेंट लूप पर जिसकी घड़ी अगले टाइमर पर कूद जाती है: टाइमलाइन, एक-एक कदम चलना और एक्सपोर्ट गाइड के उदाहरणों की तरह ही काम करते हैं।
code-param = प्रोग्राम
code-param-help = Python प्रोग्राम का टेक्स्ट।
code-headline = आपका प्रोग्राम पूरा हुआ: इवेंट लूप पर { $tasks ->
    [one] { $tasks } कार्य
   *[other] { $tasks } कार्य
  } चले।
code-headline-result = आपका प्रोग्राम पूरा हुआ: इवेंट लूप पर { $tasks ->
    [one] { $tasks } कार्य
   *[other] { $tasks } कार्य
  } चले, और main() ने { $result } लौटाया।
code-back = गाइड के उदाहरण पर लौटें
code-run = मेरा कोड चलाएँ
code-loading = Python लोड हो रहा है ({ $total } में से { $done } MB)…
code-starting = Python शुरू हो रहा है…
code-running = आपका प्रोग्राम चल रहा है…
code-python = आपके ब्राउज़र में CPython { $python } (Pyodide { $pyodide }) पर चलता है।
code-python-later = आपके ब्राउज़र में असली CPython (Pyodide) पर चलता है; Python पहली बार चलाने पर लोड होता है।
code-editor-loading = एडिटर लोड हो रहा है…
code-hint = Tab इंडेंट करता है; Shift+Tab इंडेंट हटाता है। कीबोर्ड से एडिटर से बाहर जाने के लिए Escape दबाएँ, फिर Tab।
code-editor = Python प्रोग्राम एडिटर
code-too-long = एन्कोड करने पर यह प्रोग्राम { $size } अक्षरों का है; साझा करने लायक लिंक में अधिकतम { $max } आते हैं। चलाना काम करता है; साझा करने के लिए छोटा प्रोग्राम चाहिए।
code-wall-limit = आपका प्रोग्राम असली समय के { $secs } सेकंड से ज़्यादा चला और पूरा नहीं हुआ, इसलिए रोक दिया गया। क्या कोई ऐसा लूप है जो कभी await नहीं करता (जैसे while True: pass)?
code-stopped = रोका गया। फिर से शुरू करने के लिए "मेरा कोड चलाएँ" दबाएँ।
code-syntax = { $message } (पंक्ति { $line })
code-traceback = आपके प्रोग्राम ने एक अपवाद उठाया:
code-load-failed = Python लोड नहीं हो सका: { $error }
