# An async def awaiting another coroutine, driven by hand with send(None): each await resumes after itself.
class Ready:
    def __await__(self):
        yield "pause"
        return 5


async def fetch(value):
    paused = await Ready()
    return value + paused


def prepare():
    return None


def consume(value):
    return value


async def handler(value):
    prepare()
    got = await fetch(value)
    consume(got)
    return got


def run_sync(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as done:
        return done.value


run_sync(handler(1))
