"""A test engine that never answers, and starts a program of its own that holds its
output open too (so stopping the engine alone would still leave meeple waiting)."""

import subprocess
import sys
import time

subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
time.sleep(60)
