# Dict contents added by item assignment and by update(), then called.
def start():
    return "start"


def stop():
    return "stop"


def pause():
    return "pause"


def never():
    return "never"


def run():
    commands = {}
    commands["start"] = start
    commands.update({"stop": stop})
    commands.update(pause=pause)
    for name in ("start", "stop", "pause"):
        commands[name]()


run()
