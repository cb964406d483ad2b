"""A library whose public functions pass what their callers gave them to one another."""


def relay(conn):
    # Called from outside, and by `api` and `use`: `conn` is relay's own outside value.
    conn.handler = _on_done
    return conn


def api(client):
    _keep(client)
    return relay(client)


def _keep(x):
    # Private: no outside caller, so it holds what `api` passes.
    return x


def use(session):
    relay(session)
    # relay stored `handler` on its own value, which stands for `session` too.
    got = session.handler
    return got


def use_own(source):
    source.callback = _on_done
    return peek(source)


def peek(target):
    # `use_own` stored `callback` on its own value, which `target` stands for.
    found = target.callback
    return found


def gather(*items):
    first = items[0]
    return first


def api_star(value):
    result = gather(value)
    return result


def _on_done():
    pass


def probe(other):
    # Any outside value may be the object relay was given: fields are shared by name.
    seen = other.handler
    return seen
