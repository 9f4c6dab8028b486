# Run my code (বাংলা): এই বার্তাগুলি কেবল এডিটরওয়ালা বান্ডলে (own-code feature) থাকে।

code-title = আপনার নিজের প্রোগ্রাম
code-summary = আপনার প্রোগ্রাম এই পাতাতেই আসল CPython-এ চলে (Pyodide, একটি Web Worker-এ), এমন ইভেন্ট লুপে যার ঘড়ি পরের টাইমারে লাফিয়ে যায়: টাইমলাইন, ধাপে ধাপে দেখা আর এক্সপোর্ট গাইডের উদাহরণের মতোই কাজ করে।
code-param = প্রোগ্রাম
code-param-help = Python প্রোগ্রামের লেখা।
code-headline = আপনার প্রোগ্রাম শেষ হয়েছে: ইভেন্ট লুপে { $tasks ->
    [one] { $tasks }টি টাস্ক
   *[other] { $tasks }টি টাস্ক
  } চলেছে।
code-headline-result = আপনার প্রোগ্রাম শেষ হয়েছে: ইভেন্ট লুপে { $tasks ->
    [one] { $tasks }টি টাস্ক
   *[other] { $tasks }টি টাস্ক
  } চলেছে, আর main() ফেরত দিয়েছে { $result }।
code-back = গাইডের উদাহরণে ফিরে যান
code-run = আমার কোড চালান
code-loading = Python লোড হচ্ছে ({ $total } MB-এর { $done } MB)…
code-starting = Python শুরু হচ্ছে…
code-running = আপনার প্রোগ্রাম চলছে…
code-python = আপনার ব্রাউজারে CPython { $python } (Pyodide { $pyodide })-এ চলে।
code-python-later = আপনার ব্রাউজারে আসল CPython (Pyodide)-এ চলে; প্রথমবার চালালে Python লোড হয়।
code-editor-loading = এডিটর লোড হচ্ছে…
code-hint = Tab ইন্ডেন্ট করে; Shift+Tab ইন্ডেন্ট সরায়। কিবোর্ড দিয়ে এডিটর থেকে বেরোতে Escape টিপুন, তারপর Tab।
code-editor = Python প্রোগ্রাম এডিটর
code-too-long = এনকোড করলে এই প্রোগ্রাম { $size } অক্ষরের; শেয়ার করার লিংকে সর্বোচ্চ { $max } ধরে। চালানো যায়; শেয়ার করতে ছোট প্রোগ্রাম লাগবে।
code-wall-limit = আপনার প্রোগ্রাম আসল সময়ের { $secs } সেকেন্ডের বেশি চলেও শেষ হয়নি, তাই থামানো হয়েছে। এমন কোনো লুপ কি আছে যা কখনো await করে না (যেমন while True: pass)?
code-stopped = থামানো হয়েছে। আবার শুরু করতে "আমার কোড চালান" টিপুন।
code-syntax = { $message } (লাইন { $line })
code-traceback = আপনার প্রোগ্রাম একটি ব্যতিক্রম তুলেছে:
code-load-failed = Python লোড করা গেল না: { $error }
