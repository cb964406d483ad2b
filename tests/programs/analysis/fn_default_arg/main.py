# A default argument holding a function, used when the caller passes nothing.
def quiet(msg):
    return ""


def loud(msg):
    return msg.upper()


def report(msg, formatter=quiet):
    return formatter(msg)


def run():
    return report("a") + report("b", loud)


run()
