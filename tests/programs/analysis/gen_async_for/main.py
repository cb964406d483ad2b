# An async generator consumed by `async for`; the loop target gets its values.
def first_page():
    return 1


def second_page():
    return 2


async def pages():
    yield first_page
    yield second_page


async def collect():
    results = []
    async for page in pages():
        results.append(page())
    return results


def drive(coro):
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value


drive(collect())
