"""The two ways pt2e-import stops: bad usage (exit 2) and a model or data it
cannot take (exit 1). Both carry one message meant for the user."""


class UsageError(Exception):
    """A bad command line or an unreadable file: exit status 2."""


class Refusal(Exception):
    """The model (or its data) cannot be imported as asked: exit status 1.
    The message names the op, the input or the file at fault."""
