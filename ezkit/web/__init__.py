"""The web table (`ezkit game serve`): every seat's hand on its own phone, the public board on a
shared screen. One more face of the engine (DESIGN.md): the pages show what `view(seat)`,
the game's screen and the seat's legal moves give (GT-1), nothing of their own.

    table.py   WebTable: one Session, the seats' tokens, the moves under a lock, the bots'
               pace, reaction windows asked of every eligible seat alike (AU-11), live updates
    views.py   a seat's page model (and the table's): screen, hand as card faces, menu, story
    app.py     the Starlette app: pages, JSON, moves, server-sent events, security headers
"""
