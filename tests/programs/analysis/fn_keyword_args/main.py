# Keyword arguments land on the named parameter, whatever their order.
def handler():
    return "handled"


def other():
    return "other"


def dispatch(value, callback, extra=other):
    return callback(), value


dispatch(callback=handler, value=3)
