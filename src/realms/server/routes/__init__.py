"""The HTTP and WebSocket routes of the server, one module per area: the lobby (games offered, tables
created and listed), a game (its view, log, seats and actions), replays and analyses, the scoring
calculators, the WebSocket pushes, and the browser client's pages. Accounts declare theirs in
``realms.server.accounts``. Every handler reaches the server's parts through its app's ``state``
(``realms.server.app.create_app`` sets them).

Each module's ``add_routes(app)`` declares its routes on the app itself, as ``@app.get`` would: an included
``APIRouter`` would put one more level of matching in front of every request."""
