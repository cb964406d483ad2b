"""A library: code outside the package calls `api`; nothing here does."""


def helper():
    return 1


def api(client):
    helper()
    # What the caller passes is outside the package: its method is unresolved.
    client.send(_encode(3))
    return client


def _encode(value):
    return value


def _unused():
    # Private and never called: not a root, so `format_row` is not reached from here.
    return format_row()


def format_row():
    return "row"


def fetch(session):
    # The result of an outside call is outside too: its method is typed, not unknown.
    response = session.get("/")
    return response.json()


def attach(target):
    # A field stored on the argument is read back from it, and from its parts: they may be one object.
    target.callback = _on_done
    own = target.callback
    inner = target.inner.callback
    return own, inner


def _on_done():
    pass
