# A decorator that records the function and returns it unchanged.
HANDLERS = []


def register(fn):
    HANDLERS.append(fn)
    return fn


@register
def on_click():
    return "click"


def run():
    on_click()
    for handler in HANDLERS:
        handler()


run()
