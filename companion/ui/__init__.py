"""The pygame screens. Scenes read the session; they never read pins."""

import os

# pygame prints a greeting on import; a kiosk's log has no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
