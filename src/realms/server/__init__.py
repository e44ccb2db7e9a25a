"""The web server: lobby, seats and tokens, live games over WebSocket, persistence."""
