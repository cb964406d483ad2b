def on_event():
    return "event"


class Listener(object):
    def __init__(self):
        self.handler = on_event

    def fire(self):
        handler = self.handler
        return handler()


Listener().fire()
