"""A test engine that never answers."""

import time

time.sleep(60)
