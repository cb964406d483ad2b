import asyncio


def numbers(limit):
    for i in range(limit):
        received = yield i
        if received:
            yield from range(received)
    return limit


async def fetch(item):
    await asyncio.sleep(0)
    return item


async def stream(items):
    for item in items:
        yield await fetch(item)


class Session:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


async def consume(items):
    results = []
    async with Session() as session:
        async for value in stream(items):
            results.append((session, value))
    return [v async for v in stream(items)]
