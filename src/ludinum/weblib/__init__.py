"""The web's plain parts that the site and the game server share, below both: a client's
address and the rate limits kept by it, the pages' languages, QR codes, security headers,
nicknames and the fields of forms and messages. Nothing here names a room or a game."""
