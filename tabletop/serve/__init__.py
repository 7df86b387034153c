"""The players' page for phones at the table: an HTTP and WebSocket server (aiohttp) that shows
the players' picture of the map, the turn banner and each player's own sheet, to whoever holds
the table's join code or a player's own code.

server.py, codes.py and sheet.py are Qt-free: the server runs asyncio in a thread of its own and
is handed what to show. picture.py and feed.py are the Qt side: they paint the players' picture
through the players' render path on the Qt thread and hand it over. Nothing here writes a map.
"""
