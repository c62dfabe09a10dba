"""What pt2e-import did, for the user: every step and every pitfall it met
is one line on stderr ("pt2e-import: ...") and in OUT/import.txt, so that
what was changed about a model (a buffer made persistent, an attention mask
added) is never silent."""
import sys


class Report:
    def __init__(self, quiet=False):
        self.lines = []
        self.quiet = quiet

    def say(self, text):
        self.lines.append(text)
        if not self.quiet:
            sys.stderr.write("pt2e-import: %s\n" % text)
            sys.stderr.flush()

    def text(self):
        return "".join(line + "\n" for line in self.lines)
