"""A test engine that answers something that is no QGN record."""

print("e2e4, I think")
