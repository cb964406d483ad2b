# `async with` calls __aenter__ / __aexit__; the coroutine is driven by hand.
class Pool:
    async def __aenter__(self):
        return Worker()

    async def __aexit__(self, *exc):
        return False

    def __enter__(self):
        return None


class Worker:
    def work(self):
        return "done"


async def job():
    async with Pool() as w:
        return w.work()


def drive(coro):
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value


drive(job())
