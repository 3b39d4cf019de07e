"""The classroom web app: rooms, seats, tokens, timers, storage and the WebSocket protocol.

Build the ASGI application with :func:`ludinum.server.app.create_app`.
"""
