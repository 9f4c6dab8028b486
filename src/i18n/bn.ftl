# Bengali (বাংলা).
