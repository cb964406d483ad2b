# A decorator factory: repeat(n) returns the decorator, which returns the wrapper.
def repeat(times):
    def decorate(fn):
        def wrapper():
            return [fn() for _ in range(times)]
        return wrapper
    return decorate


@repeat(3)
def ping():
    return "ping"


def run():
    return ping()


run()
