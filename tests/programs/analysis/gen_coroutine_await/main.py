# `await` of a coroutine function's call: the awaited value is its return value.
class Response:
    def json(self):
        return {}


async def fetch(url):
    return Response()


async def handler():
    resp = await fetch("/")
    return resp.json()


def not_awaited():
    return None


def run_sync(coro):
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value


run_sync(handler())
